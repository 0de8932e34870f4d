// Package assets is sitegen's asset pipeline: content-hashed names for
// stylesheets, scripts and WebAssembly, minification, precompressed .br
// and .gz siblings, and the content-addressed cache that keeps slow
// compression out of rebuilds. It also holds the one helper that replaces
// a file atomically (WriteAtomic), which every writer of long-lived files
// uses: the published site under the dev server, the cache, the
// calculators' module build.
package assets
