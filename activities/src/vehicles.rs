//! VIN decoding: our own syntax/check-digit/year rules ([`coverline_domain::Vin`]) first, then the
//! catalog's mock VINs (a described car), then NHTSA vPIC's make/model/trim/body through corgi-rs
//! with the check digit required.

use std::path::Path;
use std::sync::Arc;

use anyhow::Context;
use coverline_domain::Vin;
use serde::{Deserialize, Serialize};

use crate::catalog::Catalog;

/// What a VIN decodes to, as the car pages and the rate books use it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DecodedVehicle {
    pub vin: String,
    pub year: u16,
    pub make: String,
    pub model: String,
    /// A label a member recognises: trim, else series, else body and engine.
    pub style: String,
    /// vPIC's vehicle type (`PASSENGER CAR`, `MULTIPURPOSE PASSENGER VEHICLE (MPV)`, `TRUCK`).
    pub vehicle_type: String,
    /// True when the VIN is the catalog's representative VIN of a description, not the member's car.
    #[serde(default)]
    pub is_mock_vin: bool,
}

/// The catalog, read on a thread of its own from [`VehicleDecoder::open`]: parsing its ~100,000
/// lines is most of a cold start (a third of a second in a debug build), so a process answers before
/// it is read and the first caller that needs it waits for it.
type LoadingCatalog = std::sync::LazyLock<Catalog, Box<dyn FnOnce() -> Catalog + Send>>;

/// The VIN decoder; cheap to clone (the vPIC tables are memory-mapped once).
#[derive(Clone)]
pub struct VehicleDecoder {
    inner: Arc<corgi_rs::VinDecoder>,
    catalog: Arc<LoadingCatalog>,
}

impl std::fmt::Debug for VehicleDecoder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("VehicleDecoder")
    }
}

impl VehicleDecoder {
    /// Opens the vPIC tables (built by corgi-rs into `$HOME/.corgi-rs-cache`, or `MAPS_DIR`) and
    /// starts reading the catalog of `data_dir` in the background. A catalog that cannot be read is
    /// logged and left empty (no description and no mock VIN is found); `data/` is checked by tests.
    pub fn open(data_dir: &Path) -> anyhow::Result<Self> {
        let decoder = corgi_rs::VinDecoder::try_new().context("opening the vPIC VIN tables (set MAPS_DIR)")?;
        let file = data_dir.join(crate::catalog::CATALOG_FILE);
        anyhow::ensure!(file.is_file(), "the vehicle catalog {} is missing", file.display());
        let dir = data_dir.to_path_buf();
        let catalog: Arc<LoadingCatalog> = Arc::new(std::sync::LazyLock::new(Box::new(move || {
            Catalog::load(&dir).unwrap_or_else(|e| {
                tracing::error!(error = ?e, "the vehicle catalog could not be read");
                Catalog::default()
            })
        })));
        let warming = catalog.clone();
        std::thread::spawn(move || {
            std::sync::LazyLock::force(&warming);
        });
        Ok(Self { inner: Arc::new(decoder.require_check_digit(true)), catalog })
    }

    /// The description catalog (waits for it while it is being read).
    pub fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    /// Decodes a parsed VIN; `None` when it is neither a mock VIN nor known to vPIC.
    pub fn decode(&self, vin: &Vin) -> Option<DecodedVehicle> {
        if let Some(described) = self.catalog().describe(vin.as_str()) {
            let vehicle_type = match described.body.as_str() {
                "Pickup" | "Sport Utility Truck" => "TRUCK",
                "SUV" | "Crossover" | "Minivan" | "Van" | "Cargo Van" => "MULTIPURPOSE PASSENGER VEHICLE (MPV)",
                _ => "PASSENGER CAR",
            };
            return Some(DecodedVehicle {
                vin: vin.as_str().to_string(),
                year: described.year,
                make: described.make,
                model: described.model,
                style: described.style,
                vehicle_type: vehicle_type.to_string(),
                is_mock_vin: true,
            });
        }
        let info = self.inner.decode(vin.as_str()).ok()?;
        let model = info.model.clone().filter(|m| !m.trim().is_empty())?;
        if info.make.trim().is_empty() {
            return None;
        }
        let year = u16::try_from(info.year).ok().or_else(|| vin.model_year())?;
        let style = [info.trim.as_deref(), info.series.as_deref()]
            .into_iter()
            .flatten()
            .map(str::trim)
            .find(|s| !s.is_empty())
            .map(str::to_string)
            .unwrap_or_else(|| {
                let body = info.body_class.clone().unwrap_or_default();
                match info.displacement_l {
                    Some(l) => format!("{body} {l:.1}L").trim().to_string(),
                    None => body,
                }
            });
        Some(DecodedVehicle {
            vin: vin.as_str().to_string(),
            year,
            make: title_case(&info.make),
            model,
            style: if style.is_empty() { "Base".to_string() } else { style },
            vehicle_type: info.vehicle_type.unwrap_or_default(),
            is_mock_vin: false,
        })
    }
}

/// vPIC spells makes in capitals (`HONDA`); members read `Honda`. Short all-caps makes stay (`BMW`, `GMC`).
fn title_case(make: &str) -> String {
    if make.len() <= 3 {
        return make.to_string();
    }
    make.split(['-', ' '])
        .map(|w| {
            let mut c = w.chars();
            c.next().map(|f| f.to_uppercase().chain(c.flat_map(char::to_lowercase)).collect::<String>()).unwrap_or_default()
        })
        .collect::<Vec<_>>()
        .join(if make.contains('-') { "-" } else { " " })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decoder() -> VehicleDecoder {
        VehicleDecoder::open(&Path::new(env!("CARGO_MANIFEST_DIR")).join("../data")).expect("vPIC tables and catalog")
    }

    #[test]
    fn decodes_real_vins_from_vpic() {
        let decoder = decoder();
        let kia = decoder.decode(&Vin::parse("5XYRLDLC3NG097496").unwrap()).expect("2022 Kia Sorento");
        assert_eq!((kia.year, kia.make.as_str(), kia.model.as_str()), (2022, "Kia", "Sorento"));
        let ram = decoder.decode(&Vin::parse("1C6RR7LT2JS179571").unwrap()).expect("2018 Ram 1500");
        assert_eq!((ram.year, ram.make.as_str(), ram.model.as_str()), (2018, "Ram", "1500"));
        assert!(!ram.style.is_empty());
        let accord = decoder.decode(&Vin::parse("1HGCM82633A004352").unwrap()).expect("2003 Honda Accord");
        assert_eq!((accord.year, accord.make.as_str(), accord.model.as_str()), (2003, "Honda", "Accord"));
    }

    #[test]
    fn unknown_manufacturer_is_not_found() {
        let decoder = decoder();
        // Valid syntax and check digit, but no manufacturer holds WMI "ZZZ".
        let mut bytes = *b"ZZZ11111011111111";
        bytes[8] = coverline_domain::vin::check_digit(&bytes);
        let vin = Vin::parse(std::str::from_utf8(&bytes).unwrap()).unwrap();
        assert_eq!(decoder.decode(&vin), None);
    }

    #[test]
    fn a_mock_vin_decodes_to_its_description() {
        let decoder = decoder();
        let vin = decoder.catalog().mock_vin(2020, "Honda", "Accord", "EX 1.5L Sedan").expect("2020 Accord EX in the catalog").to_string();
        let car = decoder.decode(&Vin::parse(&vin).unwrap()).unwrap();
        assert!(car.is_mock_vin);
        assert_eq!((car.year, car.make.as_str(), car.model.as_str(), car.style.as_str()), (2020, "Honda", "Accord", "EX 1.5L Sedan"));
        assert_eq!(car.vehicle_type, "PASSENGER CAR");
        let real = decoder.decode(&Vin::parse("1HGCM82633A004352").unwrap()).unwrap();
        assert!(!real.is_mock_vin);
    }

    #[test]
    fn make_names_read_naturally() {
        assert_eq!(title_case("HONDA"), "Honda");
        assert_eq!(title_case("MERCEDES-BENZ"), "Mercedes-Benz");
        assert_eq!(title_case("LAND ROVER"), "Land Rover");
        assert_eq!(title_case("BMW"), "BMW");
    }
}
