package query

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"
)

// Dataview's documented rules, each quoted from its page with the
// query that checks it. Expected results are worked out by hand from the
// test vault (gamesVault, docVault), not from the code.

const (
	urlSources   = "https://blacksmithgu.github.io/obsidian-dataview/reference/sources/"
	urlCommands  = "https://blacksmithgu.github.io/obsidian-dataview/queries/data-commands/"
	urlTypes     = "https://blacksmithgu.github.io/obsidian-dataview/queries/query-types/"
	urlStructure = "https://blacksmithgu.github.io/obsidian-dataview/queries/structure/"
	urlExpr      = "https://blacksmithgu.github.io/obsidian-dataview/reference/expressions/"
	urlLiterals  = "https://blacksmithgu.github.io/obsidian-dataview/reference/literals/"
	urlFuncs     = "https://blacksmithgu.github.io/obsidian-dataview/reference/functions/"
	urlMetadata  = "https://blacksmithgu.github.io/obsidian-dataview/annotation/add-metadata/"
	urlTypesMeta = "https://blacksmithgu.github.io/obsidian-dataview/annotation/types-of-metadata/"
	urlPages     = "https://blacksmithgu.github.io/obsidian-dataview/annotation/metadata-pages/"
	urlInline    = "https://blacksmithgu.github.io/obsidian-dataview/queries/dql-js-inline/"
)

// docVault adds notes for the rules on folders, files and tags.
func docVault() *testVault {
	v := gamesVault()
	v.notes = append(v.notes,
		note("Books/Dune.md", map[string]any{"tags": []any{"books", "books/finished"}, "rating": 9}),
		note("Books/Emma.md", map[string]any{"tags": []any{"books"}, "rating": 6}),
		note("Books.md", map[string]any{"tags": []any{"food"}}),
		note("Food/Burger.md", map[string]any{"tags": []any{"food", "fastfood"}}),
		note("Food/Salad.md", map[string]any{"tags": []any{"food"}}),
	)
	v.links["Books/Dune.md"] = []string{"Emma", "Salad"}
	v.links["Food/Salad.md"] = []string{"Dune"}
	return v
}

// names lists the file names of a LIST's items (links) or a table's
// first column.
func names(r *Result) []string {
	var out []string
	show := func(v Value) string {
		switch v := v.(type) {
		case Link:
			return FileTitle(v.Path)
		}
		return String(v)
	}
	pair := func(v Value) string {
		if p, ok := v.(ListPair); ok {
			return show(p.Key) + ": " + show(p.Val)
		}
		return show(v)
	}
	for _, it := range r.Items {
		out = append(out, pair(it))
	}
	for _, row := range r.Rows {
		cells := make([]string, len(row))
		for i, c := range row {
			cells[i] = show(c)
		}
		out = append(out, strings.Join(cells, " | "))
	}
	return out
}

func TestDocumentedQueries(t *testing.T) {
	for _, tc := range []struct {
		url, rule string
		query     string
		want      []string
		sorted    bool // compare as sets: the rule says nothing of the order
	}{
		{urlCommands, "To select from a tag (and all its subtags), use FROM #tag.",
			"LIST FROM #books", []string{"Dune", "Emma"}, true},
		{urlCommands, "To select from a tag (and all its subtags), use FROM #tag. (a subtag alone)",
			"LIST FROM #books/finished", []string{"Dune"}, true},
		{urlSources, "Sources of the form \"folder\". These match all files / sections / tasks contained in the given folder and its sub folders.",
			`LIST FROM "Games"`, []string{"League of Legends", "Pillars of Eternity 2", "Stardew Valley"}, true},
		{urlSources, "If you have both a file and a folder with the exact same path, Dataview will prefer the folder. You can force it to read from the file by specifying an extension: folder/File.md.",
			`LIST FROM "Books"`, []string{"Dune", "Emma"}, true},
		{urlSources, "You can force it to read from the file by specifying an extension: folder/File.md.",
			`LIST FROM "Books.md"`, []string{"Books"}, true},
		{urlSources, "To obtain all pages which link to [[note]], use [[note]].",
			`LIST FROM [[Dune]]`, []string{"Salad"}, true},
		{urlSources, "To obtain all pages which link from [[note]] (i.e., all the links in that file), use outgoing([[note]]).",
			`LIST FROM outgoing([[Dune]])`, []string{"Emma", "Salad"}, true},
		{urlSources, "You can implicitly reference the current file via [[#]] or [[]], i.e. [[]] lets you query from all files linking to the current file.",
			`LIST FROM [[]]`, []string{"Git Basics"}, true},
		{urlSources, "#tag and \"folder\" will return all pages in folder and with #tag.",
			`LIST FROM #food and "Food"`, []string{"Burger", "Salad"}, true},
		{urlSources, "Querying from #food and !#fastfood will only return pages that contain #food but does not contain #fastfood.",
			`LIST FROM #food and !#fastfood`, []string{"Books", "Salad"}, true},
		{urlCommands, "#tag and -\"folder\" will only include files tagged #tag which are NOT in \"folder\".",
			`LIST FROM #food and -"Food"`, []string{"Books"}, true},
		{urlSources, "[[Food]] or [[Exercise]] will give any pages which link to [[Food]] OR [[Exercise]].",
			`LIST FROM [[Dune]] or [[Dashboard]]`, []string{"Git Basics", "Salad"}, true},
		{urlSources, "If you have complex queries where grouping or precedence matters, you can use parenthesis to logically group them: #tag and (\"folder\" or #other-tag)",
			`LIST FROM #food and ("Food" or #books)`, []string{"Burger", "Salad"}, true},
		{urlCommands, "WHERE: Filter pages on fields. Only pages where the clause evaluates to true will be yielded.",
			`LIST FROM #games WHERE price > 10`, []string{"Pillars of Eternity 2", "Stardew Valley"}, true},
		{urlCommands, "Sorting will be done based on the first field. Then, if a tie occurs, the second field will be used to sort the tied fields.",
			`TABLE type FROM "Games" OR "Coding" SORT type DESC, file.name ASC`,
			[]string{"Git Basics | knowledge", "League of Legends | game", "Pillars of Eternity 2 | game", "Stardew Valley | game"}, false},
		{urlCommands, "LIMIT: Restrict the results to at most N values.",
			`LIST FROM #games SORT price LIMIT 2`, []string{"League of Legends", "Stardew Valley"}, false},
		{urlCommands, "Commands are processed in the order they are written, so the following sorts the results after they have already been limited: LIMIT 5 SORT date ASCENDING",
			`LIST FROM #games SORT file.name LIMIT 2 SORT price DESC`, []string{"Pillars of Eternity 2", "League of Legends"}, false},
		{urlCommands, "GROUP BY: Yields one row per unique field value, which has 2 properties: one corresponding to the field being grouped on, and a rows array field which contains all of the pages that matched.",
			`TABLE length(rows) AS n FROM "Games" OR "Coding" GROUP BY type`, []string{"game | 3", "knowledge | 1"}, false},
		{urlCommands, "If you want the field test from every object in the rows array, then rows.test will automatically fetch the test field from every object in rows, yielding a new array.",
			`TABLE sum(rows.price) AS total FROM #games GROUP BY type`, []string{"game | 55"}, false},
		{urlTypes, "A common use-case on grouped LIST queries is to add the file links to the output by specifying them as the additional information: LIST rows.file.link GROUP BY type",
			`LIST rows.file.name FROM "Coding" OR "Dashboard.md" GROUP BY type`, []string{"knowledge: Git Basics", "moc: Dashboard"}, false},
		{urlCommands, "FLATTEN: Flatten an array in every row, yielding one result row per entry in the array. FLATTEN (computed_field) AS name",
			`TABLE t FROM "Books" FLATTEN file.etags AS t`, []string{"Dune | #books", "Dune | #books/finished", "Emma | #books"}, false},
		{urlTypes, "You can specify up to one additional information to output alongside your file or group information.",
			`LIST price FROM #games SORT price`, []string{"League of Legends: 0", "Stardew Valley: 15", "Pillars of Eternity 2: 40"}, false},
		{urlTypes, "LIST WITHOUT ID works the same as LIST, but it does not output the file link or group name if you add an additional information.",
			`LIST WITHOUT ID price FROM #games SORT price`, []string{"0", "15", "40"}, false},
		{urlTypes, "LIST WITHOUT ID length(rows) + \" pages of type \" + key GROUP BY type",
			`LIST WITHOUT ID length(rows) + " pages of type " + key FROM "Games" OR "Coding" GROUP BY type`, []string{"3 pages of type game", "1 pages of type knowledge"}, false},
		{urlTypes, "TABLE WITHOUT ID works the same as TABLE, but it does not output the file link or group name as a first column",
			`TABLE WITHOUT ID price FROM #games SORT price DESC`, []string{"40", "15", "0"}, false},
		{urlExpr, "a * num (repeat string <num> times)",
			`LIST WITHOUT ID "ab" * 3 FROM "Dashboard.md"`, []string{"ababab"}, false},
		{urlExpr, "[[Link]].value (fetch value from page Link)",
			`LIST WITHOUT ID [[Pillars of Eternity 2]].price FROM "Dashboard.md"`, []string{"40"}, false},
		{urlExpr, "Lists are 0-indexed, so the first element is index 0, the second element is index 1, and so on. For example list(\"A\", \"B\", \"C\")[0] = \"A\".",
			`LIST WITHOUT ID list("A", "B", "C")[0] FROM "Dashboard.md"`, []string{"A"}, false},
		{urlExpr, "If your frontmatter/metadata contains a field where, you can reference it via the row syntax: row[\"where\"].",
			`LIST WITHOUT ID row["type"] FROM "Dashboard.md"`, []string{"moc"}, false},
		{urlFuncs, "contains(\"Hello\", \"Lo\") = false; contains(\"Hello\", \"lo\") = true",
			`LIST WITHOUT ID string(contains("Hello", "Lo")) + " " + contains("Hello", "lo") FROM "Dashboard.md"`, []string{"false true"}, false},
		{urlFuncs, "choice(true, \"yes\", \"no\") = \"yes\"",
			`LIST WITHOUT ID choice(true, "yes", "no") FROM "Dashboard.md"`, []string{"yes"}, false},
		{urlFuncs, "padleft(\"hello\", 7) = \"  hello\"; padleft(\"yes\", 5, \"!\") = \"!!yes\"",
			`LIST WITHOUT ID padleft("yes", 5, "!") FROM "Dashboard.md"`, []string{"!!yes"}, false},
		{urlFuncs, "round(16.555555, 2) = 16.56",
			`LIST WITHOUT ID round(16.555555, 2) FROM "Dashboard.md"`, []string{"16.56"}, false},
		{urlFuncs, "filter([1, 2, 3], (x) => x >= 2) = [2, 3]",
			`LIST WITHOUT ID filter([1, 2, 3], (x) => x >= 2) FROM "Dashboard.md"`, []string{"2, 3"}, false},
		{urlFuncs, "map([1, 2, 3], (x) => x + 2) = [3, 4, 5]",
			`LIST WITHOUT ID map([1, 2, 3], (x) => x + 2) FROM "Dashboard.md"`, []string{"3, 4, 5"}, false},
		{urlFuncs, "default(field, value): If field is null, return value; otherwise return field.",
			`LIST WITHOUT ID default(nothing, "none") + "/" + default(type, "none") FROM "Dashboard.md"`, []string{"none/moc"}, false},
		{urlFuncs, "lower(\"Test\") = \"test\"",
			`LIST WITHOUT ID lower("Test") FROM "Dashboard.md"`, []string{"test"}, false},
		{urlFuncs, "length([1, 2, 3]) = 3; length(\"hello\") = 5",
			`LIST WITHOUT ID length([1, 2, 3]) + length("hello") FROM "Dashboard.md"`, []string{"8"}, false},
		{urlFuncs, "join(list(1, 2, 3), \" \") = \"1 2 3\"",
			`LIST WITHOUT ID join(list(1, 2, 3), " ") FROM "Dashboard.md"`, []string{"1 2 3"}, false},
		{urlFuncs, "sum([1, 2, 3]) = 6",
			`LIST WITHOUT ID sum([1, 2, 3]) FROM "Dashboard.md"`, []string{"6"}, false},
		{urlFuncs, "lower([\"YES\", \"NO\"]) = [\"yes\", \"no\"] (functions apply to each element of a list)",
			`LIST WITHOUT ID lower(["YES", "NO"]) FROM "Dashboard.md"`, []string{"yes, no"}, false},
		{urlLiterals, "date(2021-11-11) A date, November 11th, 2021",
			`LIST WITHOUT ID date(2021-11-11) FROM "Dashboard.md"`, []string{"November 11, 2021"}, false},
		{urlLiterals, "dur(1 s 2 m 3 h) three hours, two minutes, and one second",
			`LIST WITHOUT ID dur(1 s 2 m 3 h) FROM "Dashboard.md"`, []string{"3 hours, 2 minutes, 1 second"}, false},
		{urlPages, "file.name: The file name as seen in Obsidians sidebar. file.folder: The path of the folder this file belongs to.",
			`LIST file.folder FROM "Games"`, []string{"League of Legends: Games", "Pillars of Eternity 2: Games", "Stardew Valley: Games/finished"}, true},
		{urlPages, "file.tags: Subtags are broken down by each level, so #Tag/1/A will be stored in the list as [#Tag, #Tag/1, #Tag/1/A].",
			`LIST WITHOUT ID file.tags FROM "Books/Dune.md"`, []string{"#books, #books/finished"}, false},
		{urlExpr, "If due is not set (neither on page nor task level), it is null and null <= date(today) returns true",
			`LIST FROM #games OR "Coding" WHERE started <= date(today)`, []string{"League of Legends", "Pillars of Eternity 2", "Stardew Valley", "Git Basics"}, true},
		{urlStructure, "Lists the 10 most recently created pages ... SORT file.ctime DESC LIMIT 10 (data commands in any order, after FROM)",
			`LIST FROM #games WHERE price >= 0 SORT Rating DESC LIMIT 1`, []string{"Pillars of Eternity 2"}, false},
	} {
		t.Run(tc.rule, func(t *testing.T) {
			got := names(run(t, docVault(), "Dashboard", tc.query))
			want := slices.Clone(tc.want)
			if tc.sorted {
				slices.Sort(got)
				slices.Sort(want)
			}
			if !slices.Equal(got, want) {
				t.Errorf("%s\n%s\n%s\ngot  %q\nwant %q", tc.url, tc.rule, tc.query, got, want)
			}
		})
	}
}

// TestTableHeaders checks the column names: AS, the expression as
// written, and the ID column.
func TestTableHeaders(t *testing.T) {
	r := run(t, gamesVault(), "Dashboard", "TABLE started, file.folder AS Path, file.etags AS \"File Tags\"\nFROM #games")
	// https://blacksmithgu.github.io/obsidian-dataview/queries/query-types/
	// "You can specify custom headings for your columns by using the AS
	// syntax ... If you want to use a custom header with spaces, like File
	// Tags, you need to wrap it into double quotes".
	want := []string{"File", "started", "Path", "File Tags"}
	if !slices.Equal(r.Headers, want) {
		t.Errorf("headers %q, want %q", r.Headers, want)
	}
	r = run(t, gamesVault(), "Dashboard", "TABLE length(rows) AS n FROM #games GROUP BY type AS kind")
	if r.Headers[0] != "kind" {
		t.Errorf("grouped table's first column %q, want the group's name", r.Headers[0])
	}
}

// TestInlineValues checks how an inline field's value is read.
func TestInlineValues(t *testing.T) {
	day := time.Date(2021, 4, 18, 0, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		url, rule, in string
		want          Value
	}{
		{urlTypesMeta, "Numbers like '6' and '3.6'. Example:: 6", "6", 6.0},
		{urlTypesMeta, "Example:: -80", "-80", -80.0},
		{urlTypesMeta, "Boolean only knows two values: true or false", "true", true},
		{urlTypesMeta, "Text that matches the ISO8601 notation will be automatically transformed into a date object. Example:: 2021-04-18", "2021-04-18", day},
		{urlTypesMeta, "Everything after the month is optional. Example:: 2021-04", "2021-04", time.Date(2021, 4, 1, 0, 0, 0, 0, time.UTC)},
		{urlTypesMeta, "Example:: 2021-04-18T04:19:35.000", "2021-04-18T04:19:35.000", time.Date(2021, 4, 18, 4, 19, 35, 0, time.UTC)},
		{urlTypesMeta, "date2:: 2021-04-17 18:00 ... date2 is a normal Text to dataview", "2021-04-17 18:00", "2021-04-17 18:00"},
		{urlTypesMeta, "Durations are text of the form <time> <unit>, like 6 hours or 4 minutes. Example:: 7 hours", "7 hours", Duration{Millis: 7 * 3600e3}},
		{urlTypesMeta, "Example:: 6hr7min", "6hr7min", Duration{Millis: 6*3600e3 + 7*60e3}},
		{urlTypesMeta, "Example:: 9 years, 8 months, 4 days, 16 hours, 2 minutes", "9 years, 8 months, 4 days, 16 hours, 2 minutes",
			Duration{Years: 9, Months: 8, Days: 4, Millis: 16*3600e3 + 2*60e3}},
		{urlTypesMeta, "Obsidian links like [[Page]] or [[Page|Page Display]]. Example:: [[A Page]]", "[[A Page]]", Link{Path: "A Page"}},
		{urlTypesMeta, "Example:: [[Some Other Page|Render Text]]", "[[Some Other Page|Render Text]]", Link{Path: "Some Other Page", Display: "Render Text"}},
		{urlTypesMeta, "In inline fields, they are comma-separated lists values: Example1:: 1, 2, 3", "1, 2, 3", List{1.0, 2.0, 3.0}},
		{urlTypesMeta, "Example2:: \"yes\", \"or\", \"no\"", `"yes", "or", "no"`, List{"yes", "or", "no"}},
		{urlTypesMeta, "you need to wrap text values into quotes to be recognized as a list ... yes, or, no is recognized as plain text.", "yes, or, no", "yes, or, no"},
		{urlTypesMeta, "The default catch-all. If a field doesn't match a more specific type, it is plain text. Example:: This is some normal text.", "This is some normal text.", "This is some normal text."},
	} {
		got := ParseInlineValue(tc.in)
		if Compare(got, tc.want) != 0 || TypeOf(got) != TypeOf(tc.want) {
			t.Errorf("%s\n%s\nParseInlineValue(%q) = %#v, want %#v", tc.url, tc.rule, tc.in, got, tc.want)
		}
	}
}

// TestFieldNames checks the names a field is found by.
func TestFieldNames(t *testing.T) {
	p := note("Movie.md", map[string]any{"genre": "action"},
		"Basic Field:: Some random Value", "Bold Field:: Nice!", "rating:: 9", "longKeyIDontNeedWhenReading:: key", "grocery:: flour", "grocery:: soap")
	for _, tc := range []struct {
		rule, name string
		want       Value
	}{
		{"Basic Field → basic-field: if you are using spaces or capitalized letters in your metadata key name, dataview will provide you with a sanitized version of the key.", "basic-field", "Some random Value"},
		{"Keys with capitalized letters can be used as-is", "Basic Field", "Some random Value"},
		{"longKeyIDontNeedWhenReading → longkeyidontneedwhenreading", "longkeyidontneedwhenreading", "key"},
		{"All YAML Frontmatter fields will be automatically available as Dataview fields.", "genre", "action"},
		{"If you're using a metadata key twice or more in the same note, dataview will collect all values and give you a list.", "grocery", List{"flour", "soap"}},
	} {
		got, _ := p.Fields.Get(tc.name)
		if Compare(got, tc.want) != 0 {
			t.Errorf("%s\n%s\nfield %q = %#v, want %#v", urlMetadata, tc.rule, tc.name, got, tc.want)
		}
	}
	if got := Canonical("This     is test"); got != "this-is-test" {
		t.Errorf("Canonical: %q (Dataview's own test: \"This     is test\" is this-is-test)", got)
	}
	if got := Canonical("Hello!"); got != "hello" {
		t.Errorf("%s \"Hello! becomes hello\": got %q", urlExpr, got)
	}
}

// TestInlineQueries checks `= expr`: this, [[Note]].field, expressions.
func TestInlineQueries(t *testing.T) {
	ix := NewIndex(gamesVault())
	this := ix.Resolve("Pillars of Eternity 2", nil)
	for _, tc := range []struct {
		rule, expr string
		want       Value
	}{
		{"You can access the properties of the current page via prefix this.", "this.price", 40.0},
		{"`= this.file.name`", "this.file.name", "Pillars of Eternity 2"},
		{"a different page via [[linkToPage]].", "[[Dashboard]].type", "moc"},
		{"`= [[secondPage]].file.name`", "[[Dashboard]].file.name", "Dashboard"},
		{"You can use everything available as expressions and literals in an Inline DQL Query, including functions.", "choice(this.price > 10, \"YES!\", \"No\")", "YES!"},
		{"field - 9", "this.Rating - 9", 0.0},
		{"a missing field is null", "this.nothing", nil},
	} {
		x, err := ParseExpr(tc.expr, DQL)
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		got, err := NewEnv(ix, this, DQL, time.Now()).Eval(x)
		if err != nil || Compare(got, tc.want) != 0 {
			t.Errorf("%s\n%s\n%s = %#v (%v), want %#v", urlInline, tc.rule, tc.expr, got, err, tc.want)
		}
	}
}

// TestErrors checks what a query that cannot run says, and where.
func TestErrors(t *testing.T) {
	ix := NewIndex(gamesVault())
	for _, tc := range []struct{ src, want string }{
		{"LIST FROM #games WHERE", "expected a value, found the end"},
		{"TABLE a FROM #x FROM #y", "FROM comes once"},
		{"LIST WHERE where = 1", "where is a keyword"},
		{"LIST FROM csv(\"x.csv\")", "csv() sources are not read"},
		{"LIST WHERE nosuch(1)", "unknown function nosuch()"},
		{"LIST WHERE 1 + null", "No implementation found for 'number + null'"},
		{"LIST LIMIT \"x\"", "LIMIT takes a number"},
	} {
		q, err := ParseQuery(tc.src)
		if err == nil {
			_, err = NewEnv(ix, nil, DQL, time.Now()).Run(q)
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one saying %q", tc.src, err, tc.want)
		}
	}
	// A syntax error knows where it is.
	_, err := ParseQuery("LIST\nWHERE (a")
	se, ok := err.(*SyntaxError)
	if !ok || se.Pos != len("LIST\nWHERE (a") {
		t.Errorf("syntax error %#v, want one at the end", err)
	}
}

// TestBudget checks that a query is bounded in steps and in memory.
func TestBudget(t *testing.T) {
	ix := NewIndex(gamesVault())
	for _, src := range []string{
		`LIST WHERE length(filter(map([1,2,3,4,5,6,7,8,9,10], (a) => map([1,2,3,4,5,6,7,8,9,10], (b) => map([1,2,3,4,5,6,7,8,9,10], (c) => a*b*c))), (x) => true)) > 0`,
		`LIST WHERE length("ab" * 1000000000) > 0`,
		`LIST WHERE length(padleft("x", 100000000)) > 0`,
	} {
		q, err := ParseQuery(src)
		if err != nil {
			t.Fatal(err)
		}
		env := NewEnv(ix, nil, DQL, time.Now())
		env.SetBudget(20_000)
		_, err = env.Run(q)
		if _, ok := err.(*BudgetError); !ok {
			t.Errorf("%s: %v, want a budget error", src, err)
		}
	}
	// Deep nesting is refused while parsing, not by the stack.
	deep := "LIST WHERE " + strings.Repeat("(", 1000) + "1" + strings.Repeat(")", 1000)
	if _, err := ParseQuery(deep); err == nil || !strings.Contains(err.Error(), "nests deeper") {
		t.Errorf("deep nesting: %v", err)
	}
}

// TestDeps checks what a query records as read.
func TestDeps(t *testing.T) {
	ix := NewIndex(gamesVault())
	q, _ := ParseQuery(`TABLE price FROM #games WHERE [[Dashboard]].Limit > 1 SORT file.name`)
	env := NewEnv(ix, ix.Resolve("Git Basics", nil), DQL, time.Now())
	if _, err := env.Run(q); err != nil {
		t.Fatal(err)
	}
	d := env.Deps
	if !slices.Equal(d.Sources, []string{"#games"}) || !d.Fields["price"] || !d.Fields["Limit"] || !d.Fields["name"] ||
		!d.Pages["Dashboard.md"] || !d.Pages["Coding/Git Basics.md"] {
		t.Errorf("deps %+v", *d)
	}
}

func ExampleParseInlineValue() {
	for _, s := range []string{"6", "2021-04-18", "3d6", "[[Note|shown]]", `"a", "b"`} {
		v := ParseInlineValue(s)
		fmt.Printf("%s %s\n", TypeOf(v), String(v))
	}
	// Output:
	// number 6
	// date April 18, 2021
	// string 3d6
	// link [[Note|shown]]
	// array a, b
}

// TestLinkFunctionSubpath checks link(path) with a heading or block in
// its path. Dataview's docs: "link(path, [display]) Construct a link
// object from the given file path or name"; in Obsidian "#" in a link
// path starts a heading ([[Note#Heading]]) and "#^" a block, and no
// note's name holds "#". So link("Dashboard#Games") links the heading
// Games of Dashboard, as [[Dashboard#Games]] does.
func TestLinkFunctionSubpath(t *testing.T) {
	ix := NewIndex(gamesVault())
	this := ix.Resolve("Pillars of Eternity 2", nil)
	for _, tc := range []struct{ expr, want string }{
		{`link("Dashboard#Games")`, "[[Dashboard.md#Games|Dashboard > Games]]"},
		{`link("Dashboard#^b1")`, "[[Dashboard.md#^b1|Dashboard > b1]]"},
		{`link("Dashboard#Games", "see")`, "[[Dashboard.md#Games|see]]"},
		{`link("Dashboard")`, "[[Dashboard.md|Dashboard]]"},
		{`link("Nowhere#Part")`, "[[Nowhere#Part|Nowhere > Part]]"},
	} {
		x, err := ParseExpr(tc.expr, DQL)
		if err != nil {
			t.Fatalf("%s: %v", tc.expr, err)
		}
		got, err := NewEnv(ix, this, DQL, time.Now()).Eval(x)
		l, ok := got.(Link)
		if err != nil || !ok {
			t.Fatalf("%s = %#v (%v), want a link", tc.expr, got, err)
		}
		if l.Markdown() != tc.want {
			t.Errorf("%s\n%s = %s (%#v), want %s", urlFuncs, tc.expr, l.Markdown(), l, tc.want)
		}
	}
	x, _ := ParseExpr(`[[Dashboard#Games]]`, DQL)
	want, _ := NewEnv(ix, this, DQL, time.Now()).Eval(x)
	y, _ := ParseExpr(`link("Dashboard#Games")`, DQL)
	got, _ := NewEnv(ix, this, DQL, time.Now()).Eval(y)
	if Compare(got, want) != 0 {
		t.Errorf("link(\"Dashboard#Games\") = %#v, [[Dashboard#Games]] = %#v: want the same link", got, want)
	}
}
