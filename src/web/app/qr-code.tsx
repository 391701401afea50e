import qrcode from 'qrcode-generator';

/**
 * A QR code drawn as one SVG path (no canvas, no data URL, no inline style: the app's CSP stays
 * strict), for values a phone scans, such as an authenticator's otpauth link. Error correction M
 * and the four-module quiet zone the standard asks for, so any scanner reads it off a screen.
 */
export function QrCode(props: { value: string; label: string; id?: string }) {
  const code = qrcode(0, 'M');
  code.addData(props.value, 'Byte');
  code.make();
  const size = code.getModuleCount();
  const margin = 4;
  let path = '';
  for (let row = 0; row < size; row++)
    for (let col = 0; col < size; col++) if (code.isDark(row, col)) path += `M${col + margin} ${row + margin}h1v1h-1z`;
  const side = size + margin * 2;
  return (
    <svg
      id={props.id}
      class="qr-code"
      role="img"
      aria-label={props.label}
      viewBox={`0 0 ${side} ${side}`}
      shape-rendering="crispEdges"
    >
      <rect width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
