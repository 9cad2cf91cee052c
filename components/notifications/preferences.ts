// The preferences form's values and the PUT body (pure, unit-tested).

export type CategoryPreference = { category: string; label: string; push: boolean; email: boolean };
export type PreferenceValues = { quietHours: boolean; categories: CategoryPreference[] };

/** PUT /api/notifications/preferences: the answer's shape minus its read-only fields (labels, e-mail, channels). */
export function preferencesBody(values: PreferenceValues) {
  return {
    quietHours: values.quietHours,
    categories: values.categories.map(({ category, push, email }) => ({ category, push, email })),
  };
}

/** Whether the form still holds what the server has (nothing to save). */
export function samePreferences(a: PreferenceValues, b: PreferenceValues): boolean {
  if (a.quietHours !== b.quietHours || a.categories.length !== b.categories.length) return false;
  const byCategory = new Map(b.categories.map((c) => [c.category, c]));
  return a.categories.every((c) => {
    const other = byCategory.get(c.category);
    return !!other && other.push === c.push && other.email === c.email;
  });
}
