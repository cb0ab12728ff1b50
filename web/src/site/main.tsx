/**
 * The islands' entry: a few lines that wait for the story to be painted, then load the
 * islands (React included, islands.tsx). A hidden page never paints: it loads them at once.
 */
import { whenPainted } from './whenPainted';

performance.mark('masthead:loader-start');
whenPainted(() => void import('./islands'));
