/** "Pagina {{page}}" + { page: 2 } -> "Pagina 2": the few labels an island fills in itself. */
export function fill(template: string | undefined, values: Record<string, string | number>): string {
  return (template ?? '').replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => String(values[key] ?? ''));
}
