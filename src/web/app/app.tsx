import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { del, get, onSessionEnded, setCsrfToken, type SessionAnswer } from './api.js';
import { Link } from './components.js';
import type { Dictionary } from './i18n/en.js';
import {
  I18nContext,
  LANGUAGE_NAMES,
  LANGUAGES,
  isLanguage,
  loadDictionary,
  translator,
  type Language,
} from './i18n/index.js';
import { AccountPage } from './pages/account.js';
import { BrandingPage } from './pages/branding.js';
import { DocumentPage } from './pages/document.js';
import { DocumentEditorPage } from './pages/document-editor.js';
import { DocumentsPage } from './pages/documents.js';
import { HomePage } from './pages/home.js';
import { InvitationPage } from './pages/invitation.js';
import { SignUpPage } from './pages/sign-up.js';
import { MembersPage } from './pages/members.js';
import { NewDocumentPage } from './pages/new-document.js';
import { NotFoundPage } from './pages/not-found.js';
import { ForgotPasswordPage, ResetPasswordPage } from './pages/password-reset.js';
import { SetupPage } from './pages/setup.js';
import { ProfileSettingsPage } from './pages/profile-settings.js';
import { PublicProfilePage } from './pages/public-profile.js';
import { SendersPage } from './pages/senders.js';
import { SignInPage } from './pages/sign-in.js';
import { TemplatePage } from './pages/template.js';
import { TemplatesPage } from './pages/templates.js';
import { TokensPage } from './pages/tokens.js';
import { VerifyEmailPage } from './pages/verify-email.js';
import { WebhooksPage } from './pages/webhooks.js';
import { matchPath, navigate, useLocation } from './router.js';
import { SessionContext } from './session.js';

type Params = Record<string, string>;
interface Route {
  pattern: string;
  page: (params: Params) => JSX.Element;
  /** Only for a signed-in user: without a session the app goes to /sign-in and back after. */
  signedIn?: boolean;
}

/** Every page of the app (the server answers the same shell at each of these paths). */
const ROUTES: Route[] = [
  { pattern: '/', page: () => <HomePage />, signedIn: true },
  { pattern: '/sign-in', page: () => <SignInPage /> },
  { pattern: '/forgot-password', page: () => <ForgotPasswordPage /> },
  { pattern: '/reset-password/:token', page: (p) => <ResetPasswordPage token={p.token ?? ''} /> },
  { pattern: '/verify-email/:token', page: (p) => <VerifyEmailPage token={p.token ?? ''} /> },
  { pattern: '/setup/:token', page: (p) => <SetupPage token={p.token ?? ''} /> },
  { pattern: '/invitations/:token', page: (p) => <InvitationPage token={p.token ?? ''} /> },
  { pattern: '/invitation/:token', page: (p) => <InvitationPage token={p.token ?? ''} /> },
  { pattern: '/sign-up/:token', page: (p) => <SignUpPage token={p.token ?? ''} /> },
  { pattern: '/documents', page: () => <DocumentsPage />, signedIn: true },
  // Before /documents/:id: the first pattern that matches draws the page.
  { pattern: '/documents/new', page: () => <NewDocumentPage />, signedIn: true },
  { pattern: '/documents/:id/edit', page: (p) => <DocumentEditorPage envelopeId={p.id ?? ''} />, signedIn: true },
  { pattern: '/documents/:id', page: (p) => <DocumentPage envelopeId={p.id ?? ''} />, signedIn: true },
  { pattern: '/templates', page: () => <TemplatesPage />, signedIn: true },
  {
    pattern: '/templates/:id/edit',
    page: (p) => <DocumentEditorPage envelopeId={p.id ?? ''} kind="templates" />,
    signedIn: true,
  },
  { pattern: '/templates/:id', page: (p) => <TemplatePage envelopeId={p.id ?? ''} />, signedIn: true },
  { pattern: '/settings/profile', page: () => <ProfileSettingsPage />, signedIn: true },
  { pattern: '/p/:slug', page: (p) => <PublicProfilePage slug={p.slug ?? ''} /> },
  { pattern: '/settings/account', page: () => <AccountPage />, signedIn: true },
  { pattern: '/settings/members', page: () => <MembersPage />, signedIn: true },
  { pattern: '/settings/tokens', page: () => <TokensPage />, signedIn: true },
  { pattern: '/settings/webhooks', page: () => <WebhooksPage />, signedIn: true },
  { pattern: '/settings/senders', page: () => <SendersPage />, signedIn: true },
  { pattern: '/settings/branding', page: () => <BrandingPage />, signedIn: true },
];

const LANGUAGE_COOKIE = 'firma_language';

export function App(props: { language: Language; words: Dictionary }) {
  const [language, setLanguageNow] = useState(props.language);
  const [words, setWords] = useState(props.words);
  const [session, setSessionNow] = useState<SessionAnswer | null | undefined>(undefined);
  const location = useLocation();
  const firstPath = useRef(true);

  const setSession = (next: SessionAnswer | null) => {
    setCsrfToken(next?.csrfToken ?? null);
    setSessionNow(next);
  };
  const i18n = useMemo(
    () => ({
      language,
      t: translator(words),
      setLanguage: (next: Language) => {
        void loadDictionary(next).then((loaded) => {
          setWords(loaded);
          setLanguageNow(next);
          document.documentElement.lang = next;
          // Read by the server to answer the next page in this language (no private data in it).
          document.cookie = `${LANGUAGE_COOKIE}=${next}; Path=/; Max-Age=31536000; SameSite=Lax`;
        });
      },
    }),
    [language, words],
  );

  useEffect(() => {
    onSessionEnded(() => {
      setSession(null);
      if (location.pathname !== '/sign-in') navigate(`/sign-in?next=${encodeURIComponent(location.pathname)}`);
    });
    get<SessionAnswer>('/session').then(setSession, () => setSession(null));
  }, []);

  // After each navigation the page's heading takes the focus, so a screen reader starts there.
  useEffect(() => {
    if (firstPath.current) {
      firstPath.current = false;
      return;
    }
    document.querySelector<HTMLElement>('main h1')?.focus();
  }, [location.pathname]);

  const found = ROUTES.map((route) => ({ route, match: matchPath(route.pattern, location.pathname) })).find(
    (r) => r.match !== null,
  );
  const mustSignIn = found?.route.signedIn === true && session === null;
  useEffect(() => {
    if (mustSignIn) navigate(`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`, true);
  }, [mustSignIn, location]);

  let content: JSX.Element;
  if (!found) content = <NotFoundPage />;
  else if (found.route.signedIn && !session) content = <p role="status">{i18n.t('loading')}</p>;
  else content = found.route.page(found.match?.params ?? {});

  return (
    <I18nContext.Provider value={i18n}>
      <SessionContext.Provider value={{ session, setSession }}>
        <a class="skip-link" href="#main">
          {i18n.t('skipToContent')}
        </a>
        {header()}
        <main id="main" tabIndex={-1}>
          {content}
        </main>
      </SessionContext.Provider>
    </I18nContext.Provider>
  );

  function header() {
    const { t } = i18n;
    const signOut = async () => {
      await del('/session').catch(() => undefined);
      setSession(null);
      navigate('/sign-in');
    };
    return (
      <header class="top">
        <Link href="/" class="brand">
          Firma
        </Link>
        {session && (
          <nav aria-label={t('mainNav')}>
            <ul>
              <li>
                <Link href="/">{t('navHome')}</Link>
              </li>
              <li>
                <Link href="/documents">{t('documentsTitle')}</Link>
              </li>
              {/* The settings: the team's, then the user's own account. */}
              <li>
                <Link href="/templates">{t('templatesTitle')}</Link>
              </li>
              <li>
                <Link href="/settings/members">{t('navMembers')}</Link>
              </li>
              <li>
                <Link href="/settings/tokens">{t('navTokens')}</Link>
              </li>
              <li>
                <Link href="/settings/webhooks">{t('navWebhooks')}</Link>
              </li>
              <li>
                <Link href="/settings/senders">{t('navSenders')}</Link>
              </li>
              <li>
                <Link href="/settings/branding">{t('navBranding')}</Link>
              </li>
              <li>
                <Link href="/settings/profile">{t('publicProfileTitle')}</Link>
              </li>
              <li>
                <Link href="/settings/account">{t('navAccount')}</Link>
              </li>
            </ul>
          </nav>
        )}
        <div class="top-tools">
          <label for="language-picker">{t('language')}</label>
          <select
            id="language-picker"
            value={language}
            onChange={(event) => {
              const next = event.currentTarget.value;
              if (isLanguage(next)) i18n.setLanguage(next);
            }}
          >
            {LANGUAGES.map((l) => (
              <option key={l} value={l} lang={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
          {session && (
            <button type="button" id="sign-out" onClick={() => void signOut()}>
              {t('signOut')}
            </button>
          )}
        </div>
      </header>
    );
  }
}
