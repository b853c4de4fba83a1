/** The labelled input lives in the component kit (src/ui/Field.tsx); this name stays for its callers. */
export { Field } from '../ui/Field';
