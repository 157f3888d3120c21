export const ROOT: string;
export function readRoutes(routerFile?: string): { path: string; module: string }[];
