/** A number shown with its middle hidden: 138****0006. */
export function maskPhone(mobile: string): string {
  return mobile.length > 7 ? `${mobile.slice(0, 3)}****${mobile.slice(-4)}` : mobile;
}
