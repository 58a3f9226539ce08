import {
  campaignImageTypes,
  type AdminCampaign,
  type CampaignState,
  type Locale,
} from '@stod/domain';
import { Button } from '@stod/ui/Button.tsx';
import { cn } from '@stod/ui/cn.ts';
import { Field } from '@stod/ui/Field.tsx';
import { confirmModal } from '@stod/ui/modal-store.ts';
import { Notice, RetryNotice } from '@stod/ui/Notice.tsx';
import { Section } from '@stod/ui/Section.tsx';
import { EmptyState } from '@stod/ui/States.tsx';
import { showToast } from '@stod/ui/toast-store.ts';
import { ImagePlus, Megaphone, Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageText } from '../i18n/index.ts';
import { fieldErrorsOf, refusalOf } from '../lib/api.ts';
import {
  CAMPAIGN_PAGE,
  uploadCampaignImage,
  useCampaigns,
  useCampaignStep,
  useSaveCampaign,
  type UploadedImage,
} from '../lib/campaigns.ts';
import { dateTimeText, instantOfText } from '../lib/dates.ts';
import { ListSkeleton, Page, Pager } from './Page.tsx';
import { TextArea } from './TextArea.tsx';

const stateTones: Record<CampaignState, string> = {
  scheduled: 'bg-sky-100 text-sky-900 ring-sky-300',
  active: 'bg-emerald-100 text-emerald-900 ring-emerald-300',
  ended: 'bg-slate-100 text-slate-800 ring-slate-300',
};

interface Form {
  titleFo: string;
  titleEn: string;
  contentFo: string;
  contentEn: string;
  image: UploadedImage | null;
  startsAt: string;
  endsAt: string;
  position: string;
}

const emptyForm: Form = {
  titleFo: '',
  titleEn: '',
  contentFo: '',
  contentEn: '',
  image: null,
  startsAt: '',
  endsAt: '',
  position: '0',
};

const formOf = (c: AdminCampaign): Form => ({
  titleFo: c.titleFo,
  titleEn: c.titleEn,
  contentFo: c.contentFo,
  contentEn: c.contentEn,
  image: c.image,
  startsAt: dateTimeText(c.startsAt),
  endsAt: dateTimeText(c.endsAt),
  position: String(c.position),
});

/** The campaign as the app opens it over the home screen: picture, title, text and a close. */
function Preview({ form }: { form: Form }) {
  const { t } = useTranslation();
  const [locale, setLocale] = useState<Locale>('fo');
  const title = locale === 'fo' ? form.titleFo : form.titleEn;
  const content = locale === 'fo' ? form.contentFo : form.contentEn;
  return (
    <div className="flex flex-col gap-3" data-testid="campaign-preview">
      <div className="flex items-center justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{t('campaigns.preview')}</h3>
        <div className="flex gap-1 rounded-xl bg-slate-100 p-1" role="group">
          {(['fo', 'en'] as const).map((l) => (
            <button
              key={l}
              type="button"
              aria-pressed={locale === l}
              onClick={() => setLocale(l)}
              className={cn(
                'min-h-10 rounded-lg px-3 text-sm font-semibold',
                locale === l ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700',
              )}
            >
              {t(`campaigns.lang.${l}`)}
            </button>
          ))}
        </div>
      </div>
      {/* A phone's width: what the customer sees. */}
      <div className="mx-auto w-full max-w-[22rem] overflow-hidden rounded-3xl bg-white shadow-lg ring-1 ring-slate-200">
        {form.image && (
          <img
            src={form.image.url}
            alt=""
            width={form.image.width ?? undefined}
            height={form.image.height ?? undefined}
            className="block h-auto max-h-64 w-full bg-brand-soft object-cover"
          />
        )}
        <div className="flex flex-col gap-2 p-5">
          <p className="text-xl font-bold text-slate-900">{title || t('campaigns.noTitle')}</p>
          <p className="whitespace-pre-line text-base text-slate-700">
            {content || t('campaigns.noContent')}
          </p>
          <span className="mt-2 flex min-h-12 items-center justify-center rounded-xl bg-brand font-semibold text-white">
            {t(`campaigns.close.${locale}`)}
          </span>
        </div>
      </div>
    </div>
  );
}

function Editor({ editing, onDone }: { editing: AdminCampaign | null; onDone: () => void }) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(editing ? formOf(editing) : emptyForm);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [uploading, setUploading] = useState(false);
  const save = useSaveCampaign();
  const errors = { ...fieldErrorsOf(save.error), ...clientErrors };
  const err = (name: string) =>
    edited.has(name === 'imageId' ? 'image' : name) ? undefined : messageText(errors[name]);
  // A field changed since the last try is judged again at the next: its old error goes.
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());
  const set = (patch: Partial<Form>) => {
    setForm((f) => ({ ...f, ...patch }));
    setEdited((e) => new Set([...e, ...Object.keys(patch)]));
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    const result = await uploadCampaignImage(file);
    setUploading(false);
    if (result.ok) set({ image: result.image });
    else showToast('error', result.message ?? t('campaigns.uploadFailed'));
  };

  const submit = () => {
    const wrong: Record<string, string> = {};
    const startsAt = form.startsAt.trim() ? instantOfText(form.startsAt) : null;
    const endsAt = form.endsAt.trim() ? instantOfText(form.endsAt) : null;
    if (form.startsAt.trim() && !startsAt) wrong.startsAt = 'validation.invalid';
    if (form.endsAt.trim() && !endsAt) wrong.endsAt = 'validation.invalid';
    const position = Number(form.position.trim() || '0');
    if (!Number.isInteger(position) || position < 0) wrong.position = 'validation.invalid';
    setClientErrors(wrong);
    setEdited(new Set());
    if (Object.keys(wrong).length > 0) return;
    save.mutate(
      {
        id: editing?.id ?? null,
        draft: {
          titleFo: form.titleFo,
          titleEn: form.titleEn,
          contentFo: form.contentFo,
          contentEn: form.contentEn,
          imageId: form.image?.id ?? null,
          position,
          ...(startsAt ? { startsAt } : {}),
          endsAt,
        },
      },
      {
        onSuccess: () => {
          showToast('success', t(editing ? 'campaigns.saved' : 'campaigns.created'));
          onDone();
        },
      },
    );
  };

  const refusal = refusalOf(save.error);
  return (
    <Section title={t(editing ? 'campaigns.editTitle' : 'campaigns.newTitle')}>
      <form
        noValidate
        data-testid="campaign-form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        className="grid gap-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200 lg:grid-cols-[1fr_22rem]"
      >
        <div className="flex flex-col gap-4">
          {refusal && <Notice tone="error">{refusal}</Notice>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              label={t('campaigns.titleFo')}
              value={form.titleFo}
              maxLength={80}
              error={err('titleFo')}
              onChange={(e) => set({ titleFo: e.target.value })}
            />
            <Field
              label={t('campaigns.titleEn')}
              value={form.titleEn}
              maxLength={80}
              error={err('titleEn')}
              onChange={(e) => set({ titleEn: e.target.value })}
            />
            <TextArea
              label={t('campaigns.contentFo')}
              rows={5}
              maxLength={1000}
              value={form.contentFo}
              error={err('contentFo')}
              onChange={(contentFo) => set({ contentFo })}
            />
            <TextArea
              label={t('campaigns.contentEn')}
              rows={5}
              maxLength={1000}
              value={form.contentEn}
              error={err('contentEn')}
              onChange={(contentEn) => set({ contentEn })}
            />
            <Field
              label={t('campaigns.startsAt')}
              hint={t('campaigns.startsAtHint')}
              placeholder="DD.MM.ÁÁÁÁ TT:MM"
              value={form.startsAt}
              error={err('startsAt')}
              onChange={(e) => set({ startsAt: e.target.value })}
            />
            <Field
              label={t('campaigns.endsAt')}
              hint={t('campaigns.endsAtHint')}
              placeholder="DD.MM.ÁÁÁÁ TT:MM"
              value={form.endsAt}
              error={err('endsAt')}
              onChange={(e) => set({ endsAt: e.target.value })}
            />
            <Field
              label={t('campaigns.position')}
              hint={t('campaigns.positionHint')}
              inputMode="numeric"
              value={form.position}
              error={err('position')}
              onChange={(e) => set({ position: e.target.value })}
            />
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <label
              className={cn(
                'flex min-h-12 cursor-pointer items-center gap-2 rounded-xl bg-white px-4 font-semibold text-slate-900 ring-1 ring-slate-300 focus-within:ring-3 focus-within:ring-brand hover:bg-slate-50',
                uploading && 'opacity-60',
              )}
            >
              <ImagePlus size={20} aria-hidden="true" />
              {t(form.image ? 'campaigns.replaceImage' : 'campaigns.addImage')}
              <input
                type="file"
                accept={campaignImageTypes.join(',')}
                className="sr-only"
                disabled={uploading}
                onChange={(e) => void upload(e.target.files?.[0])}
              />
            </label>
            {form.image && (
              <Button block={false} variant="ghost" onClick={() => set({ image: null })}>
                {t('campaigns.removeImage')}
              </Button>
            )}
            <span className="text-sm text-slate-600">{t('campaigns.imageHint')}</span>
          </div>
          {err('imageId') && <p className="text-sm font-medium text-red-700">{err('imageId')}</p>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" block={false} pending={save.isPending}>
              {t(editing ? 'campaigns.save' : 'campaigns.create')}
            </Button>
            <Button block={false} variant="secondary" onClick={onDone}>
              {t('campaigns.cancel')}
            </Button>
          </div>
        </div>
        <Preview form={form} />
      </form>
    </Section>
  );
}

function CampaignItem({
  campaign,
  onEdit,
}: {
  campaign: AdminCampaign;
  onEdit: (campaign: AdminCampaign) => void;
}) {
  const { t } = useTranslation();
  const step = useCampaignStep();
  const act = async (which: 'end' | 'delete') => {
    const sure = await confirmModal({
      title: t(`campaigns.${which}Title`, { title: campaign.titleFo }),
      body: t(`campaigns.${which}Text`),
      confirmLabel: t(`campaigns.${which}`),
      danger: true,
      testId: `campaign-${which}-dialog`,
    });
    if (!sure) return;
    step.mutate(
      { id: campaign.id, step: which },
      {
        onSuccess: () => showToast('success', t(`campaigns.${which}Done`)),
        onError: (error) => showToast('error', refusalOf(error) ?? t('campaigns.failed')),
      },
    );
  };
  const window = campaign.endsAt
    ? t('campaigns.window', {
        from: dateTimeText(campaign.startsAt),
        to: dateTimeText(campaign.endsAt),
      })
    : t('campaigns.windowOpen', { from: dateTimeText(campaign.startsAt) });
  return (
    <li
      className="flex flex-wrap items-center gap-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
      data-testid="campaign-item"
    >
      {campaign.image ? (
        <img
          src={campaign.image.url}
          alt=""
          className="size-16 shrink-0 rounded-xl bg-brand-soft object-cover"
        />
      ) : (
        <span className="flex size-16 shrink-0 items-center justify-center rounded-xl bg-slate-100 text-slate-500">
          <Megaphone size={24} aria-hidden="true" />
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <span className="font-semibold text-slate-900">{campaign.titleFo}</span>
          <span
            data-testid="campaign-state"
            className={cn(
              'rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1',
              stateTones[campaign.state],
            )}
          >
            {t(`campaigns.state.${campaign.state}`)}
          </span>
        </div>
        <span className="text-sm text-slate-600">{window}</span>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button block={false} variant="secondary" onClick={() => onEdit(campaign)}>
          {t('campaigns.edit')}
        </Button>
        {campaign.state !== 'ended' && (
          <Button
            block={false}
            variant="secondary"
            pending={step.isPending}
            onClick={() => void act('end')}
          >
            {t('campaigns.end')}
          </Button>
        )}
        <Button
          block={false}
          variant="ghost"
          pending={step.isPending}
          onClick={() => void act('delete')}
        >
          {t('campaigns.delete')}
        </Button>
      </div>
    </li>
  );
}

/** The campaigns the app opens over its home screen: made, previewed, scheduled and ended. */
export function CampaignsScreen() {
  const { t } = useTranslation();
  const [offset, setOffset] = useState(0);
  // null: no form; 'new'; or the campaign being changed.
  const [editing, setEditing] = useState<AdminCampaign | 'new' | null>(null);
  const list = useCampaigns(offset);
  const open = (which: AdminCampaign | 'new') => {
    setEditing(which);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  };
  return (
    <Page title={t('section.campaigns')} wide>
      {editing ? (
        <Editor
          key={editing === 'new' ? 'new' : editing.id}
          editing={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : (
        <div>
          <Button
            block={false}
            icon={<Plus size={20} aria-hidden="true" />}
            onClick={() => open('new')}
          >
            {t('campaigns.new')}
          </Button>
        </div>
      )}
      <Section title={t('campaigns.listTitle')}>
        {list.isPending && <ListSkeleton label={t('campaigns.listTitle')} />}
        {list.isError && (
          <RetryNotice
            text={t('campaigns.loadFailed')}
            retryLabel={t('campaigns.retry')}
            onRetry={() => void list.refetch()}
            pending={list.isFetching}
          />
        )}
        {list.data?.items.length === 0 && <EmptyState level={2} title={t('campaigns.empty')} />}
        {list.data && list.data.items.length > 0 && (
          <>
            <ul className="flex flex-col gap-2" data-testid="campaign-list">
              {list.data.items.map((c) => (
                <CampaignItem key={c.id} campaign={c} onEdit={open} />
              ))}
            </ul>
            <Pager
              label={t('campaigns.listTitle')}
              offset={offset}
              page={CAMPAIGN_PAGE}
              total={list.data.total}
              onOffset={setOffset}
            />
          </>
        )}
      </Section>
    </Page>
  );
}
