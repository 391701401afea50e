import { useEffect, useRef, useState } from 'preact/hooks';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import type { FieldType } from '../../../lib/vocabulary/field-types.js';
import { ApiError } from '../api.js';
import { messageOf } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { DocumentSettings } from './document-settings.js';
import { FieldBox } from './field-box.js';
import { FieldSettings } from './field-settings.js';
import { boxAt, cascadeBox, defaultSize, percentIn } from './geometry.js';
import { Palette, type Drop } from './palette.js';
import { openPdf, PdfPage } from './pdf-pages.js';
import { RecipientsPanel } from './recipients-panel.js';
import type { Box, EditorDocument, EditorField, EditorHidden, EditorSource, IdentityOptions } from './types.js';

/** Colours told apart by recipient (and named in each field's text: colour is never the only sign). */
const COLOURS = 6;
/** How long the keyboard or the mouse rests before a field's new place is saved. */
const SAVE_AFTER_MS = 400;

type PdfState = PDFDocumentProxy | { error: unknown };

/**
 * The editor: the document's pages (pdf.js, drawn only near the viewport), its fields over them,
 * and the panels that change it — the field palette, the selected field's settings, the recipients
 * and the document's settings — then Send. Every change goes through `source` (types.ts), which
 * answers the document as it now is; the page draws that answer.
 */
export function DocumentEditor(props: {
  source: EditorSource;
  onSent: () => void;
  sentHref: string;
  /** Panels or settings left out (the embedded editor's features). */
  hide?: EditorHidden | undefined;
  /** A last step after the changes (the embedded editor's Done): what is waiting is saved first. */
  finish?: { label: string; hint: string; onFinish: (doc: EditorDocument) => void } | undefined;
}) {
  const { source } = props;
  const { t } = useI18n();
  const [doc, setDoc] = useState<EditorDocument | { error: unknown } | null>(null);
  const [identity, setIdentity] = useState<IdentityOptions | null>(null);
  const [pdfs, setPdfs] = useState<Record<string, PdfState>>({});
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [recipientId, setRecipientId] = useState<number | null>(null);
  const [overrides, setOverrides] = useState<Record<number, Box>>({});
  const [current, setCurrent] = useState<{ itemId: string; page: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  const saving = useRef(new Set<Promise<unknown>>());
  const ratios = useRef(new Map<string, number>());
  // Every PDF opened, to give pdf.js's worker memory back when the editor closes.
  const opened = useRef<PDFDocumentProxy[]>([]);
  useEffect(() => () => opened.current.forEach((pdf) => void pdf.destroy()), []);

  useEffect(() => {
    source.load().then(setDoc, (caught: unknown) => setDoc({ error: caught }));
    source.identity().then(setIdentity, () => setIdentity(null));
    return () => timers.current.forEach((timer) => clearTimeout(timer));
  }, [source]);

  const loaded = doc && !('error' in doc) ? doc : null;
  const itemIds = loaded?.items.map((i) => i.id).join() ?? '';
  useEffect(() => {
    if (!loaded) return;
    for (const item of loaded.items)
      if (!pdfs[item.id])
        source
          .pdf(item.id)
          .then(openPdf)
          .then(
            (pdf) => {
              opened.current.push(pdf);
              setPdfs((all) => ({ ...all, [item.id]: pdf }));
            },
            (caught: unknown) => setPdfs((all) => ({ ...all, [item.id]: { error: caught } })),
          );
  }, [itemIds]);

  // The first recipient who may hold fields is the one new fields are for, until another is chosen.
  useEffect(() => {
    if (!loaded) return;
    const holders = loaded.recipients.filter((r) => r.role !== 'CC' && r.role !== 'VIEWER');
    if (!holders.some((r) => r.id === recipientId)) setRecipientId(holders[0]?.id ?? null);
  }, [loaded?.recipients]);

  if (doc === null) return <p role="status">{t('loading')}</p>;
  if ('error' in doc)
    return (
      <p class="form-error" role="alert">
        {messageOf(doc.error, t)}
      </p>
    );
  if (doc.type === 'DOCUMENT' && doc.status !== 'DRAFT')
    return (
      <p class="notice">
        {t('ed_notDraft')} <a href={props.sentHref}>{t('ed_openDocument')}</a>
      </p>
    );

  /** Runs one change; the answer replaces the document. false when it was refused (said in words). */
  const apply = async (change: () => Promise<EditorDocument>, said: string): Promise<EditorDocument | null> => {
    setBusy(true);
    setError(null);
    try {
      const next = await change();
      setDoc(next);
      setStatus(said);
      return next;
    } catch (caught) {
      setError(messageOf(caught, t));
      return null;
    } finally {
      setBusy(false);
    }
  };

  const colourOf = (id: number) =>
    Math.max(
      0,
      doc.recipients.findIndex((r) => r.id === id),
    ) % COLOURS;
  const nameOf = (id: number) => {
    const r = doc.recipients.find((x) => x.id === id);
    return r ? r.name || r.email : '';
  };
  const firstItem = doc.items[0];
  const where = current ?? (firstItem ? { itemId: firstItem.id, page: 1 } : null);
  const pageName = (itemId: string, page: number) => {
    const item = doc.items.find((i) => i.id === itemId);
    return doc.items.length > 1 && item
      ? t('ed_pageOfItem', { page, title: item.title })
      : t('ed_pageOf', { page, pages: item?.pageCount ?? 1 });
  };

  const focusField = (id: number) =>
    setTimeout(() => document.querySelector<HTMLElement>(`[data-field-id="${id}"]`)?.focus(), 0);

  const place = async (type: FieldType, itemId: string, box: Box) => {
    if (recipientId === null) return;
    const before = new Set(doc.fields.map((f) => f.id));
    const next = await apply(
      () => source.createFields([{ type, recipientId, envelopeItemId: itemId, ...box }]),
      t('ed_placed', { type: t(`ed_type_${type}`), page: pageName(itemId, box.page) }),
    );
    const made = next?.fields.find((f) => !before.has(f.id));
    if (made) {
      setSelectedId(made.id);
      focusField(made.id);
    }
  };
  const placeInView = (type: FieldType) => {
    if (!where) return;
    const onPage = doc.fields.filter((f) => f.envelopeItemId === where.itemId && f.page === where.page).length;
    void place(type, where.itemId, cascadeBox(where.page, onPage, defaultSize(type)));
  };
  const drop = ({ type, page, x, y }: Drop) => {
    const itemId = page.dataset.item;
    const number = Number(page.dataset.page);
    if (!itemId || !number) return;
    const at = percentIn(page.getBoundingClientRect(), x, y);
    void place(type, itemId, boxAt(number, at.x, at.y, defaultSize(type)));
  };

  /** A field's new place: shown at once, saved once the hand rests. */
  const commit = (field: EditorField, box: Box) => {
    clearTimeout(timers.current.get(field.id));
    timers.current.set(
      field.id,
      setTimeout(() => {
        timers.current.delete(field.id);
        const saved = source.updateField({ id: field.id, type: field.type, ...box }).then(
          (next) => {
            setDoc(next);
            setOverrides((all) => {
              if (all[field.id] !== box) return all;
              const { [field.id]: _done, ...rest } = all;
              return rest;
            });
          },
          (caught: unknown) => {
            setError(messageOf(caught, t));
            setOverrides(({ [field.id]: _undone, ...rest }) => rest);
          },
        );
        saving.current.add(saved);
        void saved.finally(() => saving.current.delete(saved));
      }, SAVE_AFTER_MS),
    );
  };
  /** Saves what is waiting at once (before sending). */
  const flush = async () => {
    for (const [id, timer] of timers.current) {
      clearTimeout(timer);
      timers.current.delete(id);
      const field = doc.fields.find((f) => f.id === id);
      const box = overrides[id];
      if (field && box) saving.current.add(source.updateField({ id, type: field.type, ...box }).then(setDoc));
    }
    await Promise.all(saving.current);
  };

  const remove = async (field: EditorField) => {
    clearTimeout(timers.current.get(field.id));
    timers.current.delete(field.id);
    const next = await apply(() => source.deleteField(field.id), t('ed_removed', { type: t(`ed_type_${field.type}`) }));
    if (next) setSelectedId(null);
  };

  const onVisible = (itemId: string, page: number, ratio: number) => {
    ratios.current.set(`${itemId}:${page}`, ratio);
    let best: [string, number] | null = null;
    for (const entry of ratios.current) if (!best || entry[1] > best[1]) best = entry;
    if (!best || best[1] === 0) return;
    const [bestItem = '', bestPage = '1'] = best[0].split(':');
    if (current?.itemId !== bestItem || current.page !== Number(bestPage))
      setCurrent({ itemId: bestItem, page: Number(bestPage) });
  };

  const send = async () => {
    if (!source.distribute) return;
    const distribute = source.distribute;
    setBusy(true);
    setError(null);
    try {
      await flush();
      await distribute();
      props.onSent();
    } catch (caught) {
      // The app's general sentence speaks of placeholder tags; here the member places the fields.
      const missing = caught instanceof ApiError && caught.code === 'MISSING_SIGNATURE_FIELD';
      setError(missing ? t('ed_missingSignature') : messageOf(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const finish = async () => {
    setBusy(true);
    setError(null);
    try {
      await flush();
      props.finish?.onFinish(doc);
    } catch (caught) {
      setError(messageOf(caught, t));
    } finally {
      setBusy(false);
    }
  };

  const selected = doc.fields.find((f) => f.id === selectedId);
  return (
    <div class="ed-layout">
      <div class="ed-side">
        <p class="visually-hidden" role="status" aria-live="polite">
          {status}
        </p>
        {error && (
          <p class="form-error" role="alert">
            {error}
          </p>
        )}
        <Palette
          recipients={doc.recipients}
          recipientId={recipientId}
          colourOf={colourOf}
          onRecipient={setRecipientId}
          onPlace={placeInView}
          onDrop={drop}
          currentPage={where ? pageName(where.itemId, where.page) : ''}
        />
        {selected && (
          <FieldSettings
            key={selected.id}
            field={selected}
            recipient={doc.recipients.find((r) => r.id === selected.recipientId)}
            busy={busy}
            onSave={(fieldMeta) =>
              void apply(
                () => source.updateField({ id: selected.id, type: selected.type, fieldMeta }),
                t('ed_fieldSaved'),
              )
            }
            onDelete={() => void remove(selected)}
          />
        )}
        {!props.hide?.recipients && (
          <RecipientsPanel
            recipients={doc.recipients}
            identity={identity}
            emailOptional={doc.type === 'TEMPLATE'}
            colourOf={colourOf}
            busy={busy}
            onSave={async (id, input) =>
              (await apply(
                () => (id === null ? source.createRecipient(input) : source.updateRecipient(id, input)),
                t('ed_recipientSaved', { name: input.name }),
              )) !== null
            }
            onRemove={(id) => void apply(() => source.deleteRecipient(id), t('ed_recipientRemoved'))}
          />
        )}
        {!props.hide?.settings && (
          <DocumentSettings
            key={doc.id}
            document={doc}
            busy={busy}
            hide={props.hide?.setting}
            onSave={async (input) => (await apply(() => source.updateSettings(input), t('ed_settingsSaved'))) !== null}
          />
        )}
        {props.finish && (
          <section class="ed-panel" aria-labelledby="ed-finish-title">
            <h2 id="ed-finish-title">{props.finish.label}</h2>
            <p>{props.finish.hint}</p>
            <div class="actions">
              <button type="button" class="primary" disabled={busy} onClick={() => void finish()}>
                {props.finish.label}
              </button>
            </div>
          </section>
        )}
        {source.distribute && (
          <section class="ed-panel" aria-labelledby="ed-send-title">
            <h2 id="ed-send-title">{t('ed_sendTitle')}</h2>
            <p>{t('ed_sendHint')}</p>
            <div class="actions">
              <button type="button" class="primary" disabled={busy} onClick={() => void send()}>
                {t('ed_send')}
              </button>
            </div>
          </section>
        )}
      </div>
      <div class="ed-pages">
        {doc.items.map((item) => {
          const pdf = pdfs[item.id];
          return (
            <section key={item.id} class="ed-item" aria-label={item.title}>
              {doc.items.length > 1 && <h2>{item.title}</h2>}
              {pdf && 'error' in pdf && (
                <p class="form-error" role="alert">
                  {t('ed_pdfFailed')}
                </p>
              )}
              {item.pages.map((size, index) => {
                const page = index + 1;
                return (
                  <div key={page} class="ed-page-slot" data-item={item.id}>
                    <PdfPage
                      pdf={pdf && !('error' in pdf) ? pdf : null}
                      pageNumber={page}
                      size={size}
                      label={pageName(item.id, page)}
                      onVisible={(ratio) => onVisible(item.id, page, ratio)}
                      pageRef={(element) => {
                        if (element) element.dataset.item = item.id;
                      }}
                    >
                      {doc.fields
                        .filter((f) => f.envelopeItemId === item.id && f.page === page)
                        .map((f) => (
                          <FieldBox
                            key={f.id}
                            field={f}
                            box={overrides[f.id] ?? f}
                            colour={colourOf(f.recipientId)}
                            selected={f.id === selectedId}
                            text={`${t(`ed_type_${f.type}`)} · ${nameOf(f.recipientId)}`}
                            where={pageName(item.id, page)}
                            onSelect={() => setSelectedId(f.id)}
                            onPreview={(box) => setOverrides((all) => ({ ...all, [f.id]: box }))}
                            onCommit={(box) => commit(f, box)}
                            onDelete={() => void remove(f)}
                          />
                        ))}
                    </PdfPage>
                  </div>
                );
              })}
            </section>
          );
        })}
      </div>
    </div>
  );
}
