// Package assets is sitegen's asset pipeline: content-hashed names for
// stylesheets, scripts and WebAssembly, minification, precompressed .br
// and .gz siblings, and the content-addressed cache that keeps slow
// compression out of rebuilds. A file published as it is (Output.Copy,
// CopyAtomic) is copied a chunk at a time, never held whole in memory;
// only files up to TransformMax are minified or precompressed. It also holds the one helper that replaces
// a file atomically (WriteAtomic), which every writer of long-lived files
// uses: the published site under the dev server, the cache, the
// calculators' module build.
package assets
