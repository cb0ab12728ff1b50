/**
 * The comments launcher (spec section 7: "Loads a comments launcher script by spot id"): the
 * paint gate adds it to story pages after the story is painted, nothing of it preloaded; it
 * loads the comments client (web/src/comments) when the reader nears the comments
 * (launchComments.ts). The client's address comes from the site build
 * (web/site.vite.config.ts), so this stays a few hundred bytes.
 */
import clientUrl from 'virtual:comments-client-url';
import { launchComments, type ClientModule } from './launchComments';

launchComments(document, () => import(/* @vite-ignore */ clientUrl) as Promise<ClientModule>);
