import { enc, request } from './http.js';
import type { ConfigOptions, TrackOptions, UserEventInput } from './types.js';
import { validateConfig, validateTrack, validateTrackOptions } from './validate.js';

/** User events (call 8). */
export class EventsApi {
  tenantAlias: string;
  domain: string;

  constructor(config: ConfigOptions) {
    const clean = validateConfig(config);
    this.tenantAlias = clean.tenantAlias;
    this.domain = clean.domain;
  }

  track(params: UserEventInput, options?: TrackOptions): Promise<unknown> {
    const body = validateTrack(params);
    const { jwt } = validateTrackOptions(options);
    const path = `/api/v1/${enc(this.tenantAlias)}/open/account/${enc(body.accountId)}/user/${enc(body.userId)}/events`;
    return request('POST', this.domain + path, { body, jwt });
  }
}
