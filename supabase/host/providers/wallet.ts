import { sha256Hex } from '../jwt.ts';

/** The embedded Crossmint: a stable EVM-style address per member. */
export async function embeddedWalletAddress(userId: string): Promise<string> {
  return `0x${(await sha256Hex(`wallet:${userId}`)).slice(0, 40)}`;
}
