/**
 * `use-sync-external-store/shim` for React 19, which has the hook built in: @xstate/react still
 * imports the shim (and its selector variant) written for React 17. vite.config.ts points those
 * imports here and at the non-shim selector module react-redux already uses, so the landing page
 * does not carry three copies of one hook.
 */
export { useSyncExternalStore } from 'react';
