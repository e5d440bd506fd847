import { Image } from 'antd';
import { useFileUrls } from '../../../components/use-file-urls.ts';

/** A model's picture: an uploaded file (fetched with the session) or a built-in one. */
export function ModelImage({ url, alt, size = 48 }: { url: string; alt: string; size?: number }) {
  const urls = useFileUrls([url]);
  if (!urls[url]) return <div style={{ width: size, height: size }} />;
  return <Image src={urls[url]} alt={alt} width={size} height={size} style={{ objectFit: 'contain' }} />;
}
