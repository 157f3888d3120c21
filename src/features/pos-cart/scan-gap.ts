/**
 * A barcode scanner types like a very fast keyboard: a key less than this after the one before
 * is part of a scan, never a person's next shortcut (people take 100 ms or more between keys).
 * The POS's shortcuts, the Cart ID field and index.html's early keys (scripts/early-keys.ts) all
 * tell a scan so. A module of its own: the build script reads it without React.
 */
export const SCAN_GAP_MS = 50;
