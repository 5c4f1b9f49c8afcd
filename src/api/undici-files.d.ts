// Types for the undici files src/api/undici.ts loads directly (undici types only its index).
declare module 'undici/lib/dispatcher/agent.js' {
  const Agent: typeof import('undici').Agent;
  export default Agent;
}
declare module 'undici/lib/dispatcher/dispatcher.js' {
  const Dispatcher: typeof import('undici').Dispatcher;
  export default Dispatcher;
}
declare module 'undici/lib/api/api-request.js' {
  const request: import('undici').Dispatcher['request'];
  export default request;
}
declare module 'undici/lib/core/errors.js' {
  const errors: typeof import('undici').errors;
  export default errors;
}
declare module 'undici/lib/dispatcher/proxy-agent.js' {
  const ProxyAgent: typeof import('undici').ProxyAgent;
  export default ProxyAgent;
}
