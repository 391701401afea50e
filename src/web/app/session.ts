import { createContext } from 'preact';
import { useContext } from 'preact/hooks';
import type { SessionAnswer } from './api.js';

/** The signed-in user's session as the app holds it: undefined while asked, null when signed out. */
export interface SessionState {
  session: SessionAnswer | null | undefined;
  setSession: (session: SessionAnswer | null) => void;
}

export const SessionContext = createContext<SessionState>({ session: undefined, setSession: () => undefined });

export const useSession = (): SessionState => useContext(SessionContext);
