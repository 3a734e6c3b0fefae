//! The field rules' shared cases (field-cases.json): the server's parse functions give each input
//! the expected fieldErrors text. The web runs the same cases through its own copy of the rules
//! (web/src/lib/field-cases.test.ts), so the two stay the same rules.

use coverline_domain::contact::{PersonName, ZipCode, parse_city, parse_street};
use serde_json::Value;

fn read(path: &str) -> Value {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn the_server_rules_give_every_case_its_text() {
    let cases = read("tests/field-cases.json");
    let product = read("texts/en.json");
    let text =
        |key: &Value| key.as_str().map(|k| product["fieldErrors"][k].as_str().unwrap_or_else(|| panic!("fieldErrors.{k}")).to_string());
    type Rule = fn(&str) -> Result<(), coverline_domain::ValidationError>;
    let rules: [(&str, Rule); 4] = [
        ("personName", |raw| PersonName::parse("firstName", raw).map(drop)),
        ("city", |raw| parse_city(raw).map(drop)),
        ("street", |raw| parse_street(raw).map(drop)),
        ("zip", |raw| ZipCode::parse(raw).map(drop)),
    ];
    let mut checked = 0;
    for (field, rule) in rules {
        for case in cases[field].as_array().unwrap_or_else(|| panic!("no {field} cases")) {
            let (input, expected) = (case[0].as_str().unwrap(), text(&case[1]));
            let got = rule(input).err().map(|e| e.message.to_string());
            assert_eq!(got, expected, "{field} {input:?}");
            checked += 1;
        }
    }
    assert!(checked >= 40, "{checked} cases");
}
