package docusaurus

import (
	"fmt"
	"strings"

	"d6codex/cmd/sitegen/internal/layout"
	"d6codex/cmd/sitegen/internal/layout/jsconfig"
)

// clientModules notes the config's clientModules, "an array of client
// modules to load globally on your site"
// (https://docusaurus.io/docs/api/docusaurus-config#clientModules): sitegen
// runs none of them.
func clientModules(l *layout.Layout, obj *jsconfig.Object) {
	list, ok := obj.Get("clientModules").([]any)
	if !ok || len(list) == 0 {
		return
	}
	names := make([]string, 0, len(list))
	for _, m := range list {
		if c, ok := m.(jsconfig.Computed); ok {
			names = append(names, c.Text)
		} else {
			names = append(names, fmt.Sprint(m))
		}
	}
	l.Notes = append(l.Notes, fmt.Sprintf("%s:%d: clientModules: %d modules (%s) are not run: sitegen runs none of the site's JavaScript",
		l.File, obj.Lines["clientModules"], len(list), strings.Join(names, ", ")))
}
