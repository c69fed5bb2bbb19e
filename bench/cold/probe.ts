/**
 * The cold-start probe both pages share: once the first `<input>` is in the page, waits for the frame that
 * paints it and for a task after that frame (the main thread is free: an event on the input would now be
 * handled), then publishes the time since navigation start as `window.coldStart` (ms).
 */
declare global {
  interface Window {
    /** Navigation start → first input painted and interactive, ms; set once. */
    coldStart?: number;
  }
}

export function probeFirstInput(): void {
  const channel = new MessageChannel();
  const check = () => {
    if (!document.querySelector('input')) {
      requestAnimationFrame(check);
      return;
    }
    // This frame paints the input; a message posted from its rAF runs after the paint.
    requestAnimationFrame(() => {
      channel.port1.onmessage = () => {
        window.coldStart = performance.now();
        channel.port1.close();
      };
      channel.port2.postMessage(null);
    });
  };
  requestAnimationFrame(check);
}
