import type { ToolInfo } from '@voxlate/core';
/** Voxlate and its version (this package's), as dubs name the tool that made them. */
export declare const PRODUCT: ToolInfo;
//# sourceMappingURL=product.d.ts.map
