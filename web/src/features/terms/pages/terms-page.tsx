import { useState } from 'react';
import { Alert, App, Button, Card, Input, Modal, Space, Table, Tabs, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  TERMS_LANGS,
  termsCreateForm,
  termsEditForm,
  termsEndpoints,
  type TermsLang,
  type TermsVersionRow,
} from '@console/contract/http/terms';
import { termsScreens } from '@console/contract/screens/terms';
import { ConfirmButton } from '../../../components/confirm-button.tsx';
import { FormDialog } from '../../../components/form-dialog.tsx';
import { QueryState } from '../../../components/query-state.tsx';
import { Field } from '../../../components/schema-form.tsx';
import { endpointQuery, useEndpointMutation } from '../../../lib/endpoint-query.ts';
import { useScreenQuery } from '../../../lib/screen-query.ts';
import { TERMS_READS } from '../api.ts';
import { TermsText } from '../components/terms-text.tsx';

/** The form's two fields: a title and the text, written as the PDF prints it (line breaks kept). */
function TermsFields() {
  const { t } = useTranslation('terms');
  return (
    <>
      <Field name="title" label={t('name')}>
        <Input maxLength={100} />
      </Field>
      <Field name="body" label={t('body')}>
        <Input.TextArea autoSize={{ minRows: 10, maxRows: 24 }} />
      </Field>
    </>
  );
}

/** One version read in full: a draft's writer may edit it from here, a published version is read-only. */
function VersionDialog({ id, mode, onClose }: { id: number; mode: 'view' | 'edit'; onClose: () => void }) {
  const { t } = useTranslation('terms');
  const { message } = App.useApp();
  const query = useQuery(endpointQuery(termsEndpoints.detail, { id }));
  const edit = useEndpointMutation(termsEndpoints.edit, { invalidates: TERMS_READS });
  const v = query.data;
  if (mode === 'edit' && v?.mayEdit) {
    return (
      <FormDialog
        open
        onClose={onClose}
        width={760}
        title={t('editTitle')}
        schema={termsEditForm}
        initialValues={{ id: v.id, title: v.title, body: v.body }}
        onSubmit={(body) => edit.mutateAsync({ body })}
        onSuccess={() => {
          void message.success(t('saved'));
          onClose();
        }}
      >
        <Field name="id" hidden>
          <Input />
        </Field>
        <TermsFields />
      </FormDialog>
    );
  }
  return (
    <Modal open footer={null} width={760} onCancel={onClose} title={v ? versionLabel(t, v) : t('view')}>
      <QueryState query={query}>
        {(row) => (
          <>
            {row.state === 'published' && (
              <Alert type="info" showIcon title={t('readOnly')} style={{ marginBottom: 12 }} />
            )}
            <TermsText title={row.title} body={row.body} />
          </>
        )}
      </QueryState>
    </Modal>
  );
}

type T = ReturnType<typeof useTranslation<'terms'>>['t'];
const versionLabel = (t: T, v: Pick<TermsVersionRow, 'version'>) =>
  v.version === null ? t('draftVersion') : t('versionNumber', { version: v.version });

/** A new draft in a language, filled with the version in force to start from. */
function CreateDraft({ lang, current }: { lang: TermsLang; current: TermsVersionRow | undefined }) {
  const { t } = useTranslation('terms');
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const create = useEndpointMutation(termsEndpoints.create, { invalidates: TERMS_READS });
  const from = useQuery({
    ...endpointQuery(termsEndpoints.detail, { id: current?.id ?? 0 }),
    enabled: open && !!current,
  });
  const ready = !current || !!from.data;
  return (
    <>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen(true)}>
        {t('create')}
      </Button>
      {open && ready && (
        <FormDialog
          open
          onClose={() => setOpen(false)}
          width={760}
          title={t('createTitle', { lang: t(`lang.${lang}`) })}
          schema={termsCreateForm}
          initialValues={{ lang, title: from.data?.title ?? '', body: from.data?.body ?? '' }}
          onSubmit={(body) => create.mutateAsync({ body })}
          onSuccess={() => {
            void message.success(t('created'));
            setOpen(false);
          }}
        >
          {current && <Typography.Paragraph type="secondary">{t('createFrom')}</Typography.Paragraph>}
          <Field name="lang" hidden>
            <Input />
          </Field>
          <TermsFields />
        </FormDialog>
      )}
    </>
  );
}

/** One language's versions: drafts first, then published ones newest first, the one in force marked. */
function LanguageVersions({
  lang,
  rows,
  mayWrite,
  showLessor,
}: {
  lang: TermsLang;
  rows: TermsVersionRow[];
  mayWrite: boolean;
  showLessor: boolean;
}) {
  const { t } = useTranslation(['terms', 'common']);
  const { message } = App.useApp();
  const [open, setOpen] = useState<{ id: number; mode: 'view' | 'edit' } | null>(null);
  const publish = useEndpointMutation(termsEndpoints.publish, { invalidates: TERMS_READS });
  const current = rows.find((r) => r.current);
  return (
    <>
      {mayWrite && (
        <Space style={{ marginBottom: 12 }}>
          <CreateDraft lang={lang} current={current} />
        </Space>
      )}
      <Table<TermsVersionRow>
        rowKey="id"
        size="middle"
        pagination={false}
        dataSource={rows}
        locale={{ emptyText: t('empty') }}
        columns={[
          ...(showLessor ? [{ title: t('lessor'), dataIndex: 'lessorName' }] : []),
          {
            title: t('version'),
            render: (_: unknown, r: TermsVersionRow) => (
              <Space size={4}>
                {versionLabel(t, r)}
                <Tag color={r.state === 'draft' ? 'gold' : 'blue'}>{t(`state.${r.state}`)}</Tag>
                {r.current && <Tag color="green">{t('current')}</Tag>}
              </Space>
            ),
          },
          { title: t('name'), dataIndex: 'title' },
          { title: t('contracts'), dataIndex: 'contracts', align: 'right' as const },
          { title: t('createdBy'), dataIndex: 'createdBy' },
          { title: t('updatedAt'), dataIndex: 'updatedAt' },
          {
            title: t('publishedAt'),
            render: (_: unknown, r: TermsVersionRow) => (r.publishedAt ? `${r.publishedAt} ${r.publishedBy}` : '—'),
          },
          {
            title: t('actions'),
            render: (_: unknown, r: TermsVersionRow) => (
              <Space size={0}>
                <Button type="link" onClick={() => setOpen({ id: r.id, mode: 'view' })}>
                  {t('view')}
                </Button>
                {mayWrite && r.state === 'draft' && (
                  <>
                    <Button type="link" onClick={() => setOpen({ id: r.id, mode: 'edit' })}>
                      {t('edit')}
                    </Button>
                    <ConfirmButton
                      type="link"
                      title={t('publishConfirm')}
                      onConfirm={async () => {
                        const done = await publish.mutateAsync({ body: { id: r.id } });
                        void message.success(t('published', { version: done.version }));
                      }}
                    >
                      {t('publish')}
                    </ConfirmButton>
                  </>
                )}
              </Space>
            ),
          },
        ]}
      />
      {open && <VersionDialog id={open.id} mode={open.mode} onClose={() => setOpen(null)} />}
    </>
  );
}

/**
 * /leaseCenter/contractTerms: the lessor's contract terms per language (decision 078). Its administrator creates
 * drafts, edits them and publishes them (asked to confirm: a published version is read-only); its staff and the
 * operator's staff read them.
 */
export function TermsPage() {
  const { t } = useTranslation('terms');
  const { query, update } = useScreenQuery(termsScreens.terms);
  const list = useQuery(endpointQuery(termsEndpoints.list, {}));
  const lang = query.lang ?? 'zh-CN';
  return (
    <Card title={t('title')}>
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <QueryState query={list}>
        {(data) => (
          <Tabs
            activeKey={lang}
            onChange={(key) => update({ lang: key as TermsLang })}
            items={TERMS_LANGS.map((l) => ({
              key: l,
              label: t(`lang.${l}`),
              children: (
                <LanguageVersions
                  lang={l}
                  rows={data.list.filter((v) => v.lang === l)}
                  mayWrite={data.mayWrite}
                  showLessor={new Set(data.list.map((v) => v.orgId)).size > 1}
                />
              ),
            }))}
          />
        )}
      </QueryState>
    </Card>
  );
}
