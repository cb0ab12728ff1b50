import { Configured } from './Configured.js';
import { enc, request } from './http.js';
import type { TrackOptions, UserEventInput } from './types.js';
import { validateTrack, validateTrackOptions } from './validate.js';

/** User events (call 8). */
export class EventsApi extends Configured {
  track(params: UserEventInput, options?: TrackOptions): Promise<unknown> {
    const body = validateTrack(params);
    const path = `/api/v1/${enc(this.tenantAlias)}/open/account/${enc(body.accountId)}/user/${enc(body.userId)}/events`;
    return request('POST', this.domain + path, body, validateTrackOptions(options).jwt);
  }
}
