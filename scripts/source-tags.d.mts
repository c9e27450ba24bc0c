export declare class SourceTags {
  of(address: string): string;
}
