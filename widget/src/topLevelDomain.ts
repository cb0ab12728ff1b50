/**
 * The shortest domain of `host` that accepts a cookie (a.b.example.com → example.com),
 * found by setting a probe cookie on ever shorter domains until the browser refuses one.
 * Undefined for localhost, IP addresses and single labels: the cookie stays on the host.
 */
export function topLevelDomain(host: string): string | undefined {
  if (!/\.[a-z]/i.test(host)) return;
  const probe = '_sq_tld=1';
  const labels = host.split('.');
  let found: string | undefined;
  for (let i = 0; i < labels.length - 1; i++) {
    const domain = labels.slice(i).join('.');
    const cookie = `${probe};path=/;domain=${domain}`;
    document.cookie = cookie;
    if (!document.cookie.split(/;\s*/).includes(probe)) break;
    document.cookie = `${cookie};max-age=0`;
    found = domain;
  }
  return found;
}
