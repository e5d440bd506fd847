import { Typography } from 'antd';

/** A version's text as written: its paragraphs and line breaks kept, in a box that scrolls when long. */
export function TermsText({ title, body }: { title: string; body: string }) {
  return (
    <div style={{ maxHeight: 480, overflowY: 'auto' }}>
      <Typography.Title level={5}>{title}</Typography.Title>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{body}</Typography.Paragraph>
    </div>
  );
}
