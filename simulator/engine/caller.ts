// Who calls an operation that needs a login: the network of the token, and the client
// when the token is a client's. Its own module: the operations table and the operations
// both name it.
export interface Caller {
  networkId: string;
  networkName: string;
  /** set for a client token */
  clientId?: string;
}
