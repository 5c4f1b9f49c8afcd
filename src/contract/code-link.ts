// The link an adoption or share code stands for: what the apps put in a code's QR code,
// and what the service's QR routes draw (server: model/device_association_model.go
// DeviceAdoptCodeQR, `url.QueryEscape`: the words joined by `+`).

/** `https://app.bringyour.com/?add=word+word+...`: the code as a form-encoded `add` parameter. */
export function codeLink(code: string): string {
  return `https://app.bringyour.com/?${new URLSearchParams({ add: code })}`;
}

/**
 * The most characters a code from the service may have: six words of at most eight letters
 * and their spaces are 53. A longer one is no code, refused before anything shows it or
 * draws its QR code (which fails on a long text only after seconds of work).
 */
export const MAX_CODE_CHARS = 256;
