// The evidence store's records: one folder per run, holding run.json and its screenshots.
export * from '../../shared/api/evidence';
