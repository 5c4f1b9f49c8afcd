// Types for the undici files src/api/undici.ts loads directly (undici types only its index):
// each file's default export is what the index exports under that name.
declare module 'undici/lib/dispatcher/agent.js' {
  export { Agent as default } from 'undici';
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  export { Dispatcher as default } from 'undici';
}
declare module 'undici/lib/api/api-request.js' {
  const request: import('undici').Dispatcher['request'];
  export default request;
}
declare module 'undici/lib/core/errors.js' {
  export { errors as default } from 'undici';
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  export { ProxyAgent as default } from 'undici';
}
