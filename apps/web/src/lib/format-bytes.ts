// Sizes are worded once, for the screens and the server's messages alike (the contract package).
export { formatByteSize as formatBytes } from '@pressroom/contract';
