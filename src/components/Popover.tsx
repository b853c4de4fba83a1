/** The header's popovers use the kit's Popover (src/ui/Popover.tsx); this name stays for its callers. */
export { Popover } from '../ui/Popover';
