import { useEffect, useState } from 'preact/hooks';
import { get, type Membership } from './api.js';
import { useLocation } from './router.js';

/** The team of the address (`?team=<id>`), else the user's first. */
export function useTeam(): { teams: Membership[] | { error: unknown } | null; team: Membership | undefined } {
  const location = useLocation();
  const [teams, setTeams] = useState<Membership[] | { error: unknown } | null>(null);
  useEffect(() => {
    get<{ data: Membership[] }>('/platforms').then(
      (answer) => setTeams(answer.data),
      (caught: unknown) => setTeams({ error: caught }),
    );
  }, []);
  const asked = Number(location.searchParams.get('team'));
  const team = Array.isArray(teams) ? (teams.find((m) => m.id === asked) ?? teams[0]) : undefined;
  return { teams, team };
}
