internal import CJSONC

extension JSONValue {
    /// The value as UTF-8 JSON text, built and written by json-c.
    ///
    /// - Parameter pretty: indent with two spaces, for people; the wire uses the compact form.
    public func serialized(pretty: Bool = false) -> [UInt8] {
        let object = makeJSONCObject()
        // json-c ties the text's lifetime to the object, so copy it out before the release.
        defer { json_object_put(object) }
        var flags = JSON_C_TO_STRING_NOSLASHESCAPE
        flags |= pretty ? (JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED) : JSON_C_TO_STRING_PLAIN
        var length = 0
        guard let text = json_object_to_json_string_length(object, flags, &length) else {
            fatalError("json-c could not serialize a value: out of memory")
        }
        return Array(UnsafeRawBufferPointer(start: text, count: length))
    }

    /// The value as JSON text.
    public func serializedString(pretty: Bool = false) -> String {
        String(decoding: serialized(pretty: pretty), as: UTF8.self)
    }

    /// A new json-c object holding one reference, which the caller releases.
    private func makeJSONCObject() -> OpaquePointer? {
        switch self {
        case .null:
            return nil
        case .bool(let value):
            return json_object_new_boolean(value ? 1 : 0)
        case .number(let number):
            if let integer = number.int64 { return json_object_new_int64(integer) }
            if let unsigned = number.uint64 { return json_object_new_uint64(unsigned) }
            // Keeps the literal text, so the number is written exactly as it came.
            return json_object_new_double_s(number.double, number.literal)
        case .string(let string):
            var string = string
            return string.withUTF8 { utf8 in
                utf8.withMemoryRebound(to: CChar.self) { chars in
                    // An empty buffer may have no base address; json-c needs a valid pointer all the same.
                    guard let base = chars.baseAddress else { return json_object_new_string("") }
                    return json_object_new_string_len(base, Int32(chars.count))
                }
            }
        case .array(let elements):
            let array = json_object_new_array_ext(Int32(elements.count))
            for element in elements {
                // json_object_array_add takes over the element's reference.
                json_object_array_add(array, element.makeJSONCObject())
            }
            return array
        case .object(let object):
            let result = json_object_new_object()
            for member in object {
                // json-c keeps member names as C strings. The scanner refuses U+0000 in names on input;
                // a name built in code gets U+FFFD instead, so no member is cut short or lost.
                let key = member.key.utf8.contains(0) ? member.key.replacing("\u{0}", with: "\u{FFFD}") : member.key
                // json_object_object_add copies the key and takes over the value's reference.
                json_object_object_add(result, key, member.value.makeJSONCObject())
            }
            return result
        }
    }
}
