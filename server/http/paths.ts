/** A contract's path (src/domain/api) as a route of an app mounted on /api. */
export const underApi = (path: string) => path.replace(/^\/api(?=\/)/, '');
