import { useState, type FormEvent } from 'react';
import { ErrorAlert, StatusMessage } from '../../ui/Alert';
import { Button } from '../../ui/Button';
import { PageHeading } from '../../ui/PageHeading';
import { errorText } from '../../ui/ModalDialog';
import { SelectField } from '../../ui/SelectField';
import { Loaded } from '../Loaded';
import { CONSOLE } from '../guards';
import { CommentsNav } from './CommentsNav';
import { saveSiteSettings, useModeration, useSiteSettings, type SiteSettings } from './data';
import { PREMODERATION, WHO_MAY_COMMENT } from './texts';
import './comments.css';

/** Site settings (moderators): who may comment on each site, and what waits for a moderator. */
export default function CommentSettingsScreen() {
  const settings = useSiteSettings();
  return (
    <div className="page page--wide">
      <PageHeading title="Comment settings" area={CONSOLE}>
        Comment settings
      </PageHeading>
      <CommentsNav />
      <p className="lead">Who may comment on each site, and which comments wait for a moderator. A change applies at once.</p>
      <Loaded query={settings} what="comment settings">
        {(data) => (
          <ul className="admin-list">
            {data.sites.map((site) => (
              <SiteForm key={site.spot_id} site={site} />
            ))}
          </ul>
        )}
      </Loaded>
    </div>
  );
}

function SiteForm({ site }: { site: SiteSettings }) {
  const moderation = useModeration<unknown>();
  const [who, setWho] = useState<SiteSettings['who_may_comment']>(site.who_may_comment);
  const [premoderation, setPremoderation] = useState<SiteSettings['premoderation']>(site.premoderation);
  const [notice, setNotice] = useState<{ tone: 'done' | 'failed'; text: string } | null>(null);
  const headingId = `site-${site.spot_id}`;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    moderation.mutate(() => saveSiteSettings({ spot_id: site.spot_id, who_may_comment: who, premoderation }), {
      onSuccess: () => setNotice({ tone: 'done', text: `Saved: ${site.site}’s comment rules apply now.` }),
      onError: (caught) => setNotice({ tone: 'failed', text: errorText(caught) }),
    });
  };

  return (
    <li className="card">
      <form noValidate onSubmit={save} aria-labelledby={headingId}>
        <h2 id={headingId} className="site-settings__name">
          {site.site}
        </h2>
        <SelectField
          label="Who may comment"
          options={WHO_MAY_COMMENT}
          value={who}
          onChange={(event) => setWho(event.target.value as SiteSettings['who_may_comment'])}
        />
        <SelectField
          label="Pre-moderation"
          hint="Which comments wait for a moderator before readers see them."
          options={PREMODERATION}
          value={premoderation}
          onChange={(event) => setPremoderation(event.target.value as SiteSettings['premoderation'])}
        />
        <div className="admin-actions">
          <Button type="submit" busy={moderation.isPending}>
            Save<span className="visually-hidden"> {site.site}</span>
          </Button>
        </div>
        <StatusMessage>{notice?.tone === 'done' && <p>{notice.text}</p>}</StatusMessage>
        <ErrorAlert>{notice?.tone === 'failed' && <p>{notice.text}</p>}</ErrorAlert>
      </form>
    </li>
  );
}
