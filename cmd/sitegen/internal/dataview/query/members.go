package query

import (
	bin "encoding/binary"
	"math"
	"time"
)

// What a query reads of the notes of its sources (Deps.Member), said
// before it runs from its text: every name it reads is a field of the
// row's note or of its file. A member whose read fields have the values
// they had cannot change the query's result, so an edit of anything
// else in it (its body text, a field no clause names) leaves the result
// as it was (the build cache and serve reuse the page: MemberPrint).
//
// What cannot be bounded that way reads everything (Deps.MemberAll): a
// whole row (row, rows, a lambda's parameter), a field of a row named at
// run time (row[expr], file[expr]); the whole file object (file,
// rows.file) is every file field ("file.*"). An element of a value
// (location[0], items[level]) reads the value whole and what its index
// reads.

// memberReads records in d what expression x reads of a member.
func memberReads(x Expr, d *Deps) {
	switch x := x.(type) {
	case nil, *Lit:
	case *Var:
		switch x.Name {
		case "row", "rows":
			d.memberAll()
		case "file":
			d.member("file.*")
		default:
			d.member(x.Name)
		}
	case *Not, *Neg, *Binary, *ListLit, *ObjLit, *Call:
		children(x, func(c Expr) { memberReads(c, d) })
	case *IndexExpr:
		key, ok := litString(x.Key)
		if !ok {
			if v, isVar := x.X.(*Var); isVar && (v.Name == "row" || v.Name == "rows" || v.Name == "file" || v.Name == "this") {
				d.memberAll() // a field named at run time
				return
			}
			// location[0], items[level]: an element of a value, which
			// is read whole, by what the index reads.
			memberReads(x.X, d)
			memberReads(x.Key, d)
			return
		}
		if v, ok := x.X.(*Var); ok {
			switch v.Name {
			case "this": // this.level: the member's own field "this" if it has one, else the query's page (Deps.Pages)
				d.member("this")
				return
			case "file": // file.name
				d.member("file." + key)
				return
			case "row", "rows": // row.level, rows.level: that field of the row(s)
				if key == "file" {
					d.member("file.*")
				} else {
					d.member(key)
				}
				return
			}
		}
		if in, ok := x.X.(*IndexExpr); ok {
			if v, ok := in.X.(*Var); ok && (v.Name == "rows" || v.Name == "row") {
				if k, ok := litString(in.Key); ok && k == "file" { // rows.file.name
					d.member("file." + key)
					return
				}
			}
		}
		// a.b: a is read whole (a member's field, or a link whose note
		// is read through it: Deps.Pages); b may be a field of rows
		// reached another way, so it counts too.
		memberReads(x.X, d)
		if key == "file" {
			d.member("file.*")
		} else {
			d.member(key)
		}
	case *LambdaLit:
		d.memberAll() // its parameters may be rows, read whole
	default: // Method (Bases) and any node not known here
		d.memberAll()
	}
}

func litString(x Expr) (string, bool) {
	if l, ok := x.(*Lit); ok {
		s, ok := l.V.(string)
		return s, ok
	}
	return "", false
}

// memberFileFields are the file fields a member print holds for
// "file.*": every one that is not Volatile (size and times: a query that
// reads them is never reused) nor an error (tasks, lists).
var memberFileFields = []string{"name", "folder", "path", "ext", "link", "tags", "etags", "aliases", "outlinks", "frontmatter", "day", "starred"}

// MemberPrint is what a query whose Deps.Member is reads (sorted) reads
// of note p of ix, encoded: p's path, then each field's value as the
// engine reads it of p's row (a front matter or inline field, or a file
// field "file.name"; "file.*" for all of them). Two notes with the same
// print give a query the same rows (a link is encoded as written: where
// it leads is the query's record, Deps.Targets). ok is false when a value
// cannot be encoded (the caller then compares the notes' files).
func MemberPrint(ix *Index, p *Page, reads []string) (print []byte, ok bool) {
	e := NewEnv(ix, nil, DQL, time.Time{})
	b := appendStr(nil, p.Path)
	r := &Row{page: p}
	for _, name := range reads {
		b = appendStr(b, name)
		var names []string
		switch {
		case name == "file.*":
			names = memberFileFields
		case len(name) > 5 && name[:5] == "file.":
			names = []string{name[5:]}
		default:
			v, _ := e.rowField(r, name)
			if b, ok = appendValue(b, v); !ok {
				return nil, false
			}
			continue
		}
		for _, k := range names {
			v, err := e.fileField(&Var{}, p, k, true)
			if err != nil {
				b = appendStr(b, "error "+err.Error())
				continue
			}
			if b, ok = appendValue(b, v); !ok {
				return nil, false
			}
		}
	}
	return b, !e.Deps.Volatile
}

func appendStr(b []byte, s string) []byte {
	b = bin.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// appendValue encodes v, one way for each value: its type, then its
// parts. ok is false for a value it does not know.
func appendValue(b []byte, v Value) ([]byte, bool) {
	ok := true
	switch v := v.(type) {
	case nil:
		b = append(b, 'n')
	case bool:
		b = append(b, 'b')
		if v {
			b = append(b, 1)
		} else {
			b = append(b, 0)
		}
	case float64:
		b = append(b, 'f')
		b = bin.LittleEndian.AppendUint64(b, math.Float64bits(v))
	case string:
		b = appendStr(append(b, 's'), v)
	case time.Time:
		b = append(b, 't')
		b = appendStr(b, v.Format(time.RFC3339Nano))
		name, off := v.Zone()
		b = appendStr(b, name)
		b = bin.AppendVarint(b, int64(off))
	case Duration:
		b = append(b, 'd')
		for _, f := range []float64{v.Years, v.Months, v.Days, v.Millis} {
			b = bin.LittleEndian.AppendUint64(b, math.Float64bits(f))
		}
	case Link:
		b = append(b, 'l')
		b = appendStr(b, v.Path)
		b = appendStr(b, v.Display)
		b = appendStr(b, v.Subpath)
		b = append(b, byte(v.Type))
		b = append(b, boolByte(v.Embed), boolByte(v.Resolved))
	case List:
		b = append(b, 'L')
		b = bin.AppendUvarint(b, uint64(len(v)))
		for _, el := range v {
			if b, ok = appendValue(b, el); !ok {
				return nil, false
			}
		}
	case *Object:
		if v == nil {
			return append(b, 'n'), true
		}
		b = append(b, 'O')
		keys := v.Keys()
		b = bin.AppendUvarint(b, uint64(len(keys)))
		for _, k := range keys {
			b = appendStr(b, k)
			el, _ := v.Get(k)
			if b, ok = appendValue(b, el); !ok {
				return nil, false
			}
		}
	default:
		return nil, false
	}
	return b, true
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}
