import { useEffect, useRef, useState } from 'preact/hooks';
import { del, get, put, type Membership } from '../api.js';
import { Field, Form, messageOf, Status, useAction } from '../components.js';
import { useI18n } from '../i18n/index.js';
import { contrastWithWhite, isReadableBrandColor, normaliseBrandColor } from '../../../lib/brand-color.js';
import { TeamSettingsPage } from './team-settings.js';

interface Branding {
  color: string | null;
  contrast: number | null;
  logo: { url: string; sha256: string } | null;
}

/** Firma's own colour, which the pages use when the team sets none. */
const FIRMA_BLUE = '#1d4ed8';

/** The team's brand (admins only): the colour and logo its signing pages and mails show, with a preview. */
export function BrandingPage() {
  return (
    <TeamSettingsPage title="brandingTitle" path="/settings/branding">
      {(team) => <TeamBranding key={team.id} team={team} />}
    </TeamSettingsPage>
  );
}

function TeamBranding({ team }: { team: Membership }) {
  const { t } = useI18n();
  const [branding, setBranding] = useState<Branding | { error: unknown } | null>(null);
  const [typed, setTyped] = useState('');
  useEffect(() => {
    get<Branding>(`/platforms/${team.id}/branding`).then(
      (answer) => {
        setBranding(answer);
        setTyped(answer.color ?? '');
      },
      (caught: unknown) => setBranding({ error: caught }),
    );
  }, [team.id]);
  if (branding === null) return <p role="status">{t('loading')}</p>;
  if ('error' in branding)
    return (
      <p class="form-error" role="alert">
        {messageOf(branding.error, t)}
      </p>
    );
  // The preview shows the colour being typed once it is one the server would take.
  const candidate = normaliseBrandColor(typed);
  const shown = candidate && isReadableBrandColor(candidate) ? candidate : (branding.color ?? FIRMA_BLUE);
  return (
    <>
      <p>{t('brandingIntro')}</p>
      <ColorSection team={team} branding={branding} typed={typed} onTyped={setTyped} onSaved={setBranding} />
      <LogoSection team={team} branding={branding} onSaved={setBranding} />
      <Preview color={shown} logo={branding.logo} />
    </>
  );
}

interface SectionProps {
  team: Membership;
  branding: Branding;
  onSaved: (branding: Branding) => void;
}

function ColorSection(props: SectionProps & { typed: string; onTyped: (value: string) => void }) {
  const { t } = useI18n();
  const [said, setSaid] = useState<string | null>(null);
  const { busy, error, run } = useAction();
  const candidate = normaliseBrandColor(props.typed);
  const ratio = candidate ? Math.floor(contrastWithWhite(candidate) * 100) / 100 : null;
  const save = (color: string | null) =>
    run(async () => {
      setSaid(null);
      const saved = await put<Branding>(`/platforms/${props.team.id}/branding/color`, { color });
      props.onSaved(saved);
      props.onTyped(saved.color ?? '');
      setSaid(color === null ? t('brandColorCleared') : t('brandColorSaved'));
    });
  return (
    <section aria-labelledby="brand-color-title">
      <h2 id="brand-color-title">{t('brandColorTitle')}</h2>
      <Form
        id="brand-color-form"
        submitLabel={t('brandColorSave')}
        busy={busy}
        error={error}
        onSubmit={() => save(props.typed.trim())}
        extra={
          props.branding.color !== null && (
            <button type="button" disabled={busy} onClick={() => void save(null)}>
              {t('brandColorReset')}
            </button>
          )
        }
      >
        <Field
          id="brand-color"
          label={t('brandColor')}
          hint={t('brandColorHint')}
          value={props.typed}
          onInput={props.onTyped}
          autoComplete="off"
          required
        />
        {ratio !== null && (
          <p id="brand-contrast" class={ratio >= 4.5 ? 'hint' : 'field-error'}>
            {t(ratio >= 4.5 ? 'brandContrast' : 'brandContrastLow', { ratio: ratio.toFixed(2) })}
          </p>
        )}
      </Form>
      {said && <Status>{said}</Status>}
    </section>
  );
}

function LogoSection(props: SectionProps) {
  const { t } = useI18n();
  const [file, setFile] = useState<File | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { busy, error, setError, run } = useAction();
  const upload = () => {
    if (!file) {
      setError(t('brandLogoChoose'));
      input.current?.focus();
      return;
    }
    return run(async () => {
      setSaid(null);
      const image = await base64Of(file);
      props.onSaved(await put<Branding>(`/platforms/${props.team.id}/branding/logo`, { image }));
      setFile(null);
      if (input.current) input.current.value = '';
      setSaid(t('brandLogoUploaded'));
    });
  };
  const remove = () =>
    run(async () => {
      setSaid(null);
      props.onSaved(await del<Branding>(`/platforms/${props.team.id}/branding/logo`));
      setSaid(t('brandLogoRemoved'));
    });
  return (
    <section aria-labelledby="brand-logo-title">
      <h2 id="brand-logo-title">{t('brandLogoTitle')}</h2>
      {props.branding.logo ? (
        <p class="brand-logo">
          <img src={props.branding.logo.url} alt={t('brandLogoCurrent')} />
        </p>
      ) : (
        <p>{t('brandLogoNone')}</p>
      )}
      <Form
        id="brand-logo-form"
        submitLabel={t('brandLogoUpload')}
        busy={busy}
        error={error}
        onSubmit={upload}
        extra={
          props.branding.logo && (
            <button type="button" disabled={busy} onClick={() => void remove()}>
              {t('brandLogoRemove')}
            </button>
          )
        }
      >
        <div class="field">
          <label for="brand-logo-file">{t('brandLogoFile')}</label>
          <p id="brand-logo-hint" class="hint">
            {t('brandLogoHint')}
          </p>
          <input
            ref={input}
            id="brand-logo-file"
            type="file"
            accept="image/png,image/jpeg"
            aria-describedby={error ? 'brand-logo-hint brand-logo-form-error' : 'brand-logo-hint'}
            onChange={(event) => setFile(event.currentTarget.files?.[0] ?? null)}
          />
        </div>
      </Form>
      {said && <Status>{said}</Status>}
    </section>
  );
}

/** A signing page's header and buttons in the brand, drawn with the app's own stylesheet (no inline style). */
function Preview(props: { color: string; logo: Branding['logo'] }) {
  const { t } = useI18n();
  const box = useRef<HTMLDivElement>(null);
  // A custom property set through the CSSOM: the CSP allows it, unlike a style attribute in markup.
  useEffect(() => box.current?.style.setProperty('--preview-brand', props.color), [props.color]);
  return (
    <section aria-labelledby="brand-preview-title">
      <h2 id="brand-preview-title">{t('brandPreviewTitle')}</h2>
      <div ref={box} class="brand-preview" id="brand-preview" data-color={props.color}>
        {props.logo && <img src={props.logo.url} alt="" />}
        <p>
          <span class="brand-preview-button">{t('brandPreviewButton')}</span>
        </p>
        <p>
          <span class="brand-preview-link">{t('brandPreviewLink')}</span>
        </p>
      </div>
    </section>
  );
}

/** The file's bytes in base64, as the API takes them. */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}
