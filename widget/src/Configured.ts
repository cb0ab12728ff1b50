import type { Config, ConfigOptions } from './types.js';
import { validateConfig } from './validate.js';

/** What WidgetApi, Widgets and EventsApi share: the checked config they were made with. */
export class Configured implements Config {
  declare tenantAlias: string;
  declare domain: string;
  declare debug: boolean;
  declare npmCdn: string;

  constructor(config: ConfigOptions) {
    Object.assign(this, validateConfig(config));
  }
}
