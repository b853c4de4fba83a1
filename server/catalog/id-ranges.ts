/**
 * Catalogue ids: the generator numbers its rows from 1; rows an operator makes (products from
 * mockup PSDs) take ids from OPERATOR_ID_BASE up, so a rebuild of the generated catalogue can
 * replace its own rows and keep the operator's.
 */
// Ids travel as up to nine digits everywhere (routes, links, the client), so the range starts
// below 10^9 and far above anything the generator makes (20,000 products at most).
export const OPERATOR_ID_BASE = 900_000_000;
