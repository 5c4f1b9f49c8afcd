// The parts of undici the client uses, loaded from their own files: undici's index also
// loads fetch, WebSocket, caches, proxies and mocks (~240 KB of the bundle, ~30 ms of
// every start). The index adds the request API to Dispatcher.prototype; so does this.
import type * as Undici from 'undici';
import request from 'undici/lib/api/api-request.js';
import errorClasses from 'undici/lib/core/errors.js';
import AgentClass from 'undici/lib/dispatcher/agent.js';
import DispatcherClass from 'undici/lib/dispatcher/dispatcher.js';

DispatcherClass.prototype.request ??= request;

export const Agent: typeof Undici.Agent = AgentClass;
export const errors: typeof Undici.errors = errorClasses;
