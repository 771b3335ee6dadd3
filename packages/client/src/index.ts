export { ClientError, createClient, type Answer, type BodyOf, type CallOptions, type Client, type ClientOptions } from './client.ts';
export { fetchServerKey, isServerKey, sealedHeaders, sealedPost, type SealedAnswer, type SealedPostOptions, type ServerKey } from './sealed-post.ts';
