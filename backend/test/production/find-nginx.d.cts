export function findNginx(): { path?: string; problem?: string };
