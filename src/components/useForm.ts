import { useState } from 'react';
import { validate, type Schema } from '../../contract/validation';

/** Form values and per-field errors from the shared schema; values survive failed submits. */
export function useForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({});
  const [serverError, setServerError] = useState('');
  const bind = (name: K) => ({
    name,
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues((v) => ({ ...v, [name]: e.target.value })),
    error: errors[name],
  });
  const check = (schema: Schema, only?: K[]): boolean => {
    const all = validate(schema, values) as Partial<Record<K, string>>;
    const picked = only ? (Object.fromEntries(only.filter((k) => all[k]).map((k) => [k, all[k]])) as Partial<Record<K, string>>) : all;
    setErrors(picked);
    return Object.keys(picked).length === 0;
  };
  return { values, setValues, errors, setErrors, bind, check, serverError, setServerError };
}
