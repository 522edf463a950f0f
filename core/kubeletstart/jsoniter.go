package kubeletstart

import (
	"fmt"
	"math"
	"strconv"
)

// jsonIterWalk reproduces how json-iterator v1.1.8 (apimachinery's JSON
// decoder up to 1.22, case-sensitive) reads a KubeletConfiguration from the
// compact JSON that sigs.k8s.io/yaml produced: which error it reports
// first and at which byte (its messages quote the bytes around it: "error
// found in #10 byte of ...|…|..."), and what it does next. json-iterator
// keeps only its first error but does not stop: the struct decoder goes on
// reading fields from wherever the failed read left the cursor, and every
// field decoder that runs afterwards puts its Go field name before the
// message ("KubeAPIBurst: TypeMeta: Kind: FeatureGates: ReadBool: …" is an
// error in featureGates followed by kind and kubeAPIBurst), the struct
// decoder its type ("v1beta1.KubeletConfiguration."); nested structs are
// decoded the same way, field by field. With strict set, an unknown
// top-level field is an error, as with DisallowUnknownFields.
// bad is the field (with gate, the gate) the first error is about.
func jsonIterWalk(buf []byte, minor int, strict bool) (gates map[string]bool, present bool, bad string, gate bool, err error) {
	it := &jsonIter{buf: buf, minor: minor, strict: strict}
	it.decodeConfig()
	if it.err != "" {
		return nil, false, it.errKey, it.errGate, fmt.Errorf("%s", it.err)
	}
	return it.gates, it.gatesPresent, "", false, nil
}

type jsonIter struct {
	buf     []byte
	head    int
	err     string
	errKey  string // the gate or field the error is about, for editor markers
	errGate bool   // errKey is a gate
	minor   int
	strict  bool

	eof   bool // the reader ran past the end (json-iterator's io.EOF)
	depth int  // nesting of the objects and arrays being skipped

	field        string // the top-level field being read
	path         string // the field being read, from the top ("authentication.webhook")
	gate         string // the gate being read, inside featureGates
	gates        map[string]bool
	gatesPresent bool
}

// next is nextToken: the next byte that is not white space, consumed.
func (it *jsonIter) next() byte {
	for it.head < len(it.buf) {
		c := it.buf[it.head]
		it.head++
		switch c {
		case ' ', '\n', '\t', '\r':
			continue
		}
		return c
	}
	it.eof = true
	return 0
}

func (it *jsonIter) readByte() byte {
	if it.head >= len(it.buf) {
		it.eof = true
		return 0
	}
	it.head++
	return it.buf[it.head-1]
}

// unread steps back one byte, which json-iterator does not do once it has
// an error (or has reached the end): from then on every unread token is
// lost.
func (it *jsonIter) unread() {
	if it.err == "" && !it.eof {
		it.head--
	}
}

// report formats json-iterator's ReportError message for the current head;
// only the first error is kept.
func (it *jsonIter) report(op, msg string) {
	if it.err != "" {
		return
	}
	peekStart := max(it.head-10, 0)
	peekEnd := min(it.head+10, len(it.buf))
	ctxStart := max(it.head-50, 0)
	ctxEnd := min(it.head+50, len(it.buf))
	it.err = fmt.Sprintf("%s: %s, error found in #%v byte of ...|%s|..., bigger context ...|%s|...",
		op, msg, it.head-peekStart, it.buf[peekStart:peekEnd], it.buf[ctxStart:ctxEnd])
	it.errKey, it.errGate = it.path, it.gate != ""
	if it.errGate {
		it.errKey = it.gate
	}
}

// wrap puts a decoder's name before the error, if there is one.
func (it *jsonIter) wrap(prefix string) {
	if it.err != "" {
		it.err = prefix + it.err
	}
}

// expect reads the rest of a literal (skipThreeBytes, skipFourBytes).
func (it *jsonIter) expect(rest string) {
	op := "skipThreeBytes"
	if len(rest) == 4 {
		op = "skipFourBytes"
	}
	for i := 0; i < len(rest); i++ {
		if it.readByte() != rest[i] {
			it.report(op, "expect "+rest)
			return
		}
	}
}

// readNil consumes a null, or puts the token back (without an error).
func (it *jsonIter) readNil() bool {
	if it.next() == 'n' {
		it.expect("ull")
		return true
	}
	it.unread()
	return false
}

func (it *jsonIter) readBool() bool {
	switch c := it.next(); c {
	case 't':
		it.expect("rue")
		return true
	case 'f':
		it.expect("alse")
	default:
		it.report("ReadBool", "expect t or f, but found "+string([]byte{c}))
	}
	return false
}

// readInt is ReadInt32 / ReadInt64.
func (it *jsonIter) readInt(bits int) {
	c := it.next()
	neg := c == '-'
	if neg {
		c = it.readByte()
	}
	val, ok := it.readUint(c, bits)
	if !ok {
		return
	}
	limit := uint64(math.MaxInt32)
	if bits == 64 {
		limit = math.MaxInt64
	}
	if neg {
		limit++
	}
	if val > limit {
		it.report(fmt.Sprintf("ReadInt%d", bits), "overflow: "+strconv.FormatUint(val, 10))
	}
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// readUint is readUint32 / readUint64: the digits after c, the cursor left
// on the first byte that is not one. Its overflow check lets some values
// past the type's range through, as upstream's does.
func (it *jsonIter) readUint(c byte, bits int) (uint64, bool) {
	op := fmt.Sprintf("readUint%d", bits)
	if c == '0' {
		it.assertInteger()
		return 0, true
	}
	if !isDigit(c) {
		it.report(op, "unexpected character: \xff")
		return 0, false
	}
	mask := uint64(math.MaxUint32)
	if bits == 64 {
		mask = math.MaxUint64
	}
	safe := mask/10 - 1
	value := uint64(c - '0')
	if len(it.buf)-it.head > 10 {
		// The unrolled first nine digits, never checked for overflow.
		i := it.head
		for n := 0; n < 8; n++ {
			if !isDigit(it.buf[i]) {
				it.head = i
				it.assertInteger()
				return value, true
			}
			if n == 7 {
				break
			}
			value = value*10 + uint64(it.buf[i]-'0')
			i++
		}
		it.head = i
	}
	for i := it.head; i < len(it.buf); i++ {
		if !isDigit(it.buf[i]) {
			it.head = i
			it.assertInteger()
			return value, true
		}
		next := (value*10 + uint64(it.buf[i]-'0')) & mask
		if value > safe && next < value {
			it.report(op, "overflow")
			return 0, false
		}
		value = next
	}
	it.assertInteger()
	return value, true
}

func (it *jsonIter) assertInteger() {
	if it.head < len(it.buf) && it.buf[it.head] == '.' {
		it.report("assertInteger", "can not decode float as int")
	}
}

// readString is ReadString; keys with escapes come back with the escape
// kept (they never name a real field or gate).
func (it *jsonIter) readString() string {
	switch c := it.next(); c {
	case '"':
		start := it.head
		for i := it.head; i < len(it.buf); i++ {
			switch c := it.buf[i]; {
			case c == '"':
				it.head = i + 1
				return string(it.buf[start:i])
			case c == '\\':
				i++
			case c < ' ':
				it.report("ReadString", fmt.Sprintf("invalid control character found: %d", c))
				return ""
			}
		}
		it.head = len(it.buf)
		it.report("ReadString", "incomplete string")
	case 'n':
		it.expect("ull")
	default:
		it.report("ReadString", `expects " or n, but found `+string([]byte{c}))
	}
	return ""
}

// skip passes over one JSON value (Skip, strict build). Its object and
// array readers step back before reading the opening bracket, which once
// there is an error does nothing: the reader then fails on the next token
// and skips no further.
func (it *jsonIter) skip() {
	switch c := it.next(); c {
	case '"':
		for i := it.head; i < len(it.buf); i++ {
			switch it.buf[i] {
			case '"':
				it.head = i + 1
				return
			case '\\':
				it.unread()
				it.readString()
				return
			}
		}
	case 'n':
		it.expect("ull")
	case 't':
		it.expect("rue")
	case 'f':
		it.expect("alse")
	case '{':
		it.unread()
		it.skipObject()
	case '[':
		it.unread()
		it.skipArray()
	default:
		if c != '-' && !isDigit(c) {
			it.report("Skip", fmt.Sprintf("do not know how to skip: %v", c))
			return
		}
		if it.err != "" {
			it.skipNumberAfterError(c)
			return
		}
		for it.head < len(it.buf) && (isDigit(it.buf[it.head]) || bytesIn(it.buf[it.head], ".eE+-")) {
			it.head++
		}
	}
}

// skipNumberAfterError is Skip of a number once there is an error (the
// strict decode's unknown field), when unreadByte does nothing
// (iter_skip_strict.go, iter_float.go). A '0' is read by ReadFloat32, whose
// nextToken then takes the byte after it — the ',' or '}' that ends the
// value — and reads a number from there: none where a key's quote or
// another ',', ']' or '}' follows, so the struct decoder's next token is
// not a ',' and it reads no further field. Any other number is
// trySkipNumber's: digits and one dot up to a ',', ']', '}' or space; at
// an exponent or sign it gives up where it stands.
func (it *jsonIter) skipNumberAfterError(c byte) {
	buf := it.buf
	if c == '0' {
		it.next() // a '-' here starts a negative number: read alike
		pos := it.head
		if pos >= len(buf) || bytesIn(buf[pos], ",]} \t\n.") || buf[pos] == '0' && pos+1 < len(buf) && isDigit(buf[pos+1]) {
			return // empty number, leading dot or zero: reported, not moved
		}
		for it.head < len(buf) && (isDigit(buf[it.head]) || bytesIn(buf[it.head], ".eE+-")) {
			it.head++
		}
		return
	}
	dot := false
	for i := it.head; i < len(buf); i++ {
		switch b := buf[i]; {
		case isDigit(b):
		case b == '.':
			if dot || i+1 == len(buf) || !isDigit(buf[i+1]) {
				return
			}
			dot = true
		case bytesIn(b, ",]} \t\n\r"):
			it.head = i
			return
		default:
			return
		}
	}
}

// enter counts a level of nesting, refusing the 10,001st as json-iterator
// does; leave undoes it.
func (it *jsonIter) enter() bool {
	it.depth++
	if it.depth > 10000 {
		it.report("incrementDepth", "exceeded max depth")
		return false
	}
	return true
}

func (it *jsonIter) leave() { it.depth-- }

// open reads the bracket that starts an object or array; false for null
// (consumed) or anything else (reported for op).
func (it *jsonIter) open(bracket byte, op string) bool {
	switch c := it.next(); c {
	case bracket:
		return true
	case 'n':
		it.expect("ull")
	default:
		it.report(op, "expect "+string([]byte{bracket})+" or n, but found "+string([]byte{c}))
	}
	return false
}

// skipObject is ReadObjectCB skipping every value.
func (it *jsonIter) skipObject() {
	if !it.enter() {
		return
	}
	defer it.leave()
	if !it.open('{', "ReadObjectCB") {
		return
	}
	c := it.next()
	if c == '}' {
		return
	}
	if c != '"' {
		it.report("ReadObjectCB", `expect " after }, but found `+string([]byte{c}))
		return
	}
	it.unread()
	for c = ','; c == ','; c = it.next() {
		it.readString()
		if c := it.next(); c != ':' {
			it.report("ReadObject", "expect : after object field, but found "+string([]byte{c}))
		}
		it.skip()
	}
	if c != '}' {
		it.report("ReadObjectCB", "object not ended with }")
	}
}

// skipArray is ReadArrayCB skipping every value.
func (it *jsonIter) skipArray() {
	if !it.enter() {
		return
	}
	defer it.leave()
	if !it.open('[', "ReadArrayCB") {
		return
	}
	c := it.next()
	if c == ']' {
		return
	}
	it.unread()
	for c = ','; c == ','; c = it.next() {
		it.skip()
	}
	if c != ']' {
		it.report("ReadArrayCB", "expect ] in the end, but found "+string([]byte{c}))
	}
}

func bytesIn(c byte, set string) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return true
		}
	}
	return false
}

// decodeConfig is the struct decoder of KubeletConfiguration.
func (it *jsonIter) decodeConfig() {
	it.decodeStruct("v1beta1.KubeletConfiguration", func(name string) (fieldType, bool) {
		it.field = name
		switch name {
		case "apiVersion":
			// TypeMeta's fields, embedded: both decoders name them.
			return fieldType{code: 's', goName: "TypeMeta: APIVersion"}, true
		case "kind":
			return fieldType{code: 's', goName: "TypeMeta: Kind"}, true
		}
		return configType(it.minor, name)
	})
}

// decodeStruct is json-iterator's general struct decoder (the strict
// build's for every struct; the lenient build's small-struct decoders read
// a first error alike): each field decoder puts its Go name before an
// error, the struct decoder its type. field finds a field's type.
func (it *jsonIter) decodeStruct(typeName string, field func(name string) (fieldType, bool)) {
	if !it.open('{', "readObjectStart") {
		return
	}
	if it.next() == '}' {
		return
	}
	it.unread()
	c := byte(',')
	for ; c == ','; c = it.next() {
		it.decodeField(field)
	}
	it.wrap(typeName + ".")
	if c != '}' {
		it.report("struct Decode", "expect }, but found "+string([]byte{c}))
	}
}

func (it *jsonIter) decodeField(field func(name string) (fieldType, bool)) {
	name := it.readString()
	t, known := field(name)
	parent := it.path
	it.path = name
	if parent != "" {
		it.path = parent + "." + name
	}
	defer func() { it.path = parent }()
	if !known {
		if it.strict {
			it.report("ReadObject", "found unknown field: "+name)
		}
	}
	if c := it.next(); c != ':' {
		it.report("ReadObject", "expect : after object field, but found "+string([]byte{c}))
	}
	if !known {
		it.skip()
		return
	}
	it.decodeValue(t)
	it.wrap(t.goName + ": ")
}

// nestedStruct decodes a nested struct of a type the tables know; false
// for one they do not.
func (it *jsonIter) nestedStruct(t fieldType) bool {
	if _, ok := nestedTypes()[t.name]; !ok {
		return false
	}
	it.decodeStruct(t.name, func(name string) (fieldType, bool) {
		ft, _, ok := nestedType(t.name, it.minor, name)
		return ft, ok
	})
	return true
}

// decodeValue reads one value into a field of type t.
func (it *jsonIter) decodeValue(t fieldType) {
	if t.pointer && it.readNil() {
		return
	}
	switch t.code {
	case 'i', 'I':
		if !it.readNil() {
			bits := 32
			if t.code == 'I' {
				bits = 64
			}
			it.readInt(bits)
		}
	case 'b':
		if !it.readNil() {
			it.readBool()
		}
	case 's', 'e':
		it.readString()
	case 'd', 'D':
		it.unmarshaler(func(raw []byte) error { return durationError(raw, rawKind(raw), false, "") })
	case 'm', 'M', 'g', 'Q':
		it.decodeMap(t.code)
	case 'l', 'L', 'a':
		it.decodeSlice(t)
	case 'q':
		it.unmarshaler(quantityError)
	case 'o':
		if it.nestedStruct(t) {
			return
		}
		fallthrough
	default:
		// A struct the tables do not know is skipped (float64 fields, 1.22,
		// are read as any number).
		switch c := it.next(); c {
		case '{':
			it.unread()
			it.skip()
		case 'n':
			it.expect("ull")
		default:
			if t.code == 'f' && (c == '-' || isDigit(c)) {
				it.head--
				it.skip()
				return
			}
			it.report("readObjectStart", "expect { or n, but found "+string([]byte{c}))
		}
	}
}

// decodeMap is the map decoder for map[string]string (m),
// map[string][]string (M), featureGates' map[string]bool (g) and
// v1.ResourceList (Q).
func (it *jsonIter) decodeMap(code byte) {
	gates := code == 'g'
	c := it.next()
	if c == 'n' {
		it.expect("ull")
		if gates {
			it.gates, it.gatesPresent = nil, true
		}
		return
	}
	m := map[string]bool{}
	if gates {
		it.gates, it.gatesPresent = m, true
		defer func() { it.gate = "" }()
	}
	if c != '{' {
		it.report("ReadMapCB", "expect { or n, but found "+string([]byte{c}))
		return
	}
	c = it.next()
	if c == '}' {
		return
	}
	if c != '"' {
		it.report("ReadMapCB", `expect " after }, but found `+string([]byte{c}))
		return
	}
	it.unread()
	for c = ','; c == ','; c = it.next() {
		key := it.readString()
		if c := it.next(); c != ':' {
			it.report("ReadMapCB", "expect : after object field, but found "+string([]byte{c}))
			return
		}
		switch code {
		case 'g':
			it.gate = key
			if !it.readNil() {
				m[key] = it.readBool()
			} else {
				m[key] = false
			}
		case 'M':
			it.decodeSlice(fieldType{code: 'l'})
		case 'Q':
			it.unmarshaler(quantityError)
		default:
			it.readString()
		}
	}
	if c != '}' {
		it.report("ReadMapCB", "expect }, but found "+string([]byte{c}))
	}
}

// decodeSlice is the slice decoder for []string (l), []int32 (L) and
// slices of structs (a); it names the slice type before an error.
func (it *jsonIter) decodeSlice(t fieldType) {
	it.readSlice(t)
	it.wrap(t.goTypeName() + ": ")
}

func (it *jsonIter) readSlice(t fieldType) {
	if !it.open('[', "decode slice") {
		return
	}
	if it.next() == ']' {
		return
	}
	it.unread()
	elem := fieldType{code: 's'}
	switch t.code {
	case 'L':
		elem.code = 'i'
	case 'a':
		elem = t.elem()
	}
	c := byte(',')
	parent := it.path
	for i := 0; c == ','; c = it.next() {
		it.path = parent + "[" + strconv.Itoa(i) + "]"
		it.decodeValue(elem)
		i++
	}
	it.path = parent
	if c != ']' {
		it.report("decode slice", "expect ], but found "+string([]byte{c}))
	}
}

// unmarshaler is the unmarshalerDecoder: a type's UnmarshalJSON given the
// value's bytes (metav1.Duration, resource.Quantity).
func (it *jsonIter) unmarshaler(unmarshal func(raw []byte) error) {
	it.next()
	it.unread()
	start := it.head
	it.skip()
	if err := unmarshal(it.buf[start:it.head]); err != nil {
		it.report("unmarshalerDecoder", err.Error())
	}
}
