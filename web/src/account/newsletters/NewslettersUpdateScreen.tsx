import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { isApiError } from '../../api/client';
import { PageHeading } from '../../ui/PageHeading';
import { Spinner } from '../../ui/Spinner';
import { useDataLayer } from '../state/identityData';
import { EXCLUSIVE_GROUPS, SITE_GROUPS } from './groups';
import { NewsletterChooser } from './NewsletterChooser';
import { NewslettersLoadError } from './NewslettersLoadError';
import { changePreferences, readPreferences, type Newsletters, type Preferences } from './newslettersApi';

export const SETTINGS_PATH = '/account/settings/newsletters';
export const NO_TOKEN = 'This page opens from the “Manage your newsletters” link in one of our newsletters.';

/**
 * /account/settings/newsletters-update#token=…: the newsletter mail's signed "Manage your
 * newsletters" link, open without signing in. The token is the key (the server checks it);
 * it reaches only these lists. A signed-in reader without a token has their own settings.
 *
 * The token rides in the fragment, which no browser sends with the page's address (the page
 * request's logs, Referer, the page address a tag manager reports); only this screen's own
 * API calls carry it. A link of an older mail has it in the query: it works, and the address
 * is rewritten to the fragment at once.
 */
export default function NewslettersUpdateScreen() {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  const inQuery = params.get('token') ?? '';
  const token = new URLSearchParams(hash.slice(1)).get('token') ?? inQuery;
  const { loggedIn } = useDataLayer();
  if (inQuery) return <Navigate to={{ search: '', hash: new URLSearchParams({ token }).toString() }} replace />;
  if (!token && loggedIn) return <Navigate to={SETTINGS_PATH} replace />;
  return (
    <div className="page page--wide">
      <PageHeading title="Newsletter preferences">Newsletter preferences</PageHeading>
      {token ? <PreferencesForm token={token} /> : <LinkProblem message={NO_TOKEN} />}
    </div>
  );
}

function PreferencesForm({ token }: { token: string }) {
  const queryClient = useQueryClient();
  const key = ['newsletter-preferences', token] as const;
  const query = useQuery({
    queryKey: key,
    queryFn: () => readPreferences(token),
    staleTime: 0,
    // A link the server refused stays refused: only a failure to answer is worth repeating.
    retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 3,
  });
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && [400, 404].includes(error.status)) return <LinkProblem message={error.message} />;
    return <NewslettersLoadError onRetry={() => void query.refetch()} />;
  }
  if (!query.data) return <Spinner label="Loading your newsletters…" />;
  const preferences = query.data;
  const groups = preferences.membership.exclusiveAccess ? [...SITE_GROUPS, ...EXCLUSIVE_GROUPS] : SITE_GROUPS;
  const saved = (next: Newsletters) => queryClient.setQueryData<Preferences>(key, { ...preferences, ...next });
  return (
    <>
      <p className="lead">
        Choose the newsletters sent to <strong>{preferences.email}</strong>.
      </p>
      <NewsletterChooser
        email={preferences.email}
        newsletters={preferences}
        groups={groups}
        onSaved={saved}
        save={(subscribe, unsubscribe) => changePreferences(token, subscribe, unsubscribe)}
      />
      <p>
        <Link className="button button--secondary" to="/account/login">
          Sign in to manage your account
        </Link>
      </p>
    </>
  );
}

function LinkProblem({ message }: { message: string }) {
  return (
    <div className="card">
      <div role="alert" className="alert alert--error">
        <p>{message}</p>
      </div>
      <p>
        <Link className="button button--secondary" to={SETTINGS_PATH}>
          Go to your newsletter settings
        </Link>
      </p>
    </div>
  );
}
