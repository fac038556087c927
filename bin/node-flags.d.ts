export const NODE_FLAGS: string[];
