// The link an adoption or share code stands for: what the apps put in a code's QR code,
// and what the service's QR routes draw (server: model/device_association_model.go
// DeviceAdoptCodeQR, `url.QueryEscape`: the words joined by `+`).

/** `https://app.bringyour.com/?add=word+word+...`: the code as a form-encoded `add` parameter. */
export function codeLink(code: string): string {
  return `https://app.bringyour.com/?${new URLSearchParams({ add: code })}`;
}
