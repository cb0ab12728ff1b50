/** The comments client chunk's address, given by the site build (web/site.vite.config.ts). */
declare module 'virtual:comments-client-url' {
  const url: string;
  export default url;
}
