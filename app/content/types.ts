export type { Block, BlockName, BlockOf } from "./Blocks";
